"""The stepper in a real headless Chromium, measured: it holds still, reads from the back row.

Playwright drives the system's Chromium (``executable_path``; it never downloads a browser).
Skipped only when Playwright or Chromium is missing (Debian: ``apt-get install chromium``).
At 1024×768, the README's neuron must show every label at least 12 px high, the page must not
overflow, the chain-rule table must not wrap, no node may move from one step to the next, and
the page may ask the network for nothing.  The 3-input neuron's arithmetic reads at 16 px or
more at every step, all of it on screen; a tall graph gets its arithmetic beside it.
"""

from __future__ import annotations

import shutil

import pytest

import viz
from tinygrad_edu import Value
from viz.demo import neuron
from viz.draw import fmt as pic
from viz.trace import fmt as num

sync_api = pytest.importorskip("playwright.sync_api")

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PROJECTOR = {"width": 1024, "height": 768}


def find_chromium() -> str | None:
    return next((p for p in map(shutil.which, BROWSERS) if p), None)


@pytest.fixture(scope="module")
def chromium():
    exe = find_chromium()
    if exe is None:
        pytest.skip("no Chromium found (Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=FLAGS)
        yield browser
        browser.close()


class Page:
    """A page, with every request and script error it caused."""

    def __init__(self, browser, viewport=PROJECTOR) -> None:
        self.page = browser.new_page(viewport=viewport)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def __getattr__(self, name):
        return getattr(self.page, name)

    def step(self, root: str = ".tge-stepper") -> int:
        return int(self.page.eval_on_selector(root, "r => r.dataset.step"))


@pytest.fixture
def page(chromium):
    p = Page(chromium)
    yield p
    p.page.close()


def open_page(page: Page, tmp_path, root=None, **options) -> viz.Stepper:
    s = viz.stepper(neuron() if root is None else root, **options)
    path = s.write(tmp_path / "steps.html")
    page.goto(path.as_uri())
    page.wait_for_selector(".tge-stepper[data-step='0']")
    return s


# Every node's box on screen, by its DOT name.
BOXES = """() => Object.fromEntries(Array.from(document.querySelectorAll('.picture g.node')).map(
  g => { const r = g.getBoundingClientRect();
         return [g.querySelector('title').textContent, [r.x, r.y, r.width, r.height]]; }))"""
# The on-screen size in px of every label in the picture.
LABEL_PX = """() => Array.from(document.querySelectorAll('.picture text')).map(t =>
  parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""
GRADS = """() => Object.fromEntries(Array.from(document.querySelectorAll('.picture g.node')).map(
  g => [g.querySelector('title').textContent,
        Array.from(g.querySelectorAll('text')).map(t => t.textContent)
          .filter(s => s.startsWith('grad '))]).filter(e => e[1].length))"""
# Lines of text in the current panel's table (the sentence above it may wrap as prose): a text
# node that wraps has client rects at two heights.
PANEL_LINES = """() => {
  const panel = document.querySelector('.panels > section.current');
  const font = parseFloat(getComputedStyle(panel).fontSize);
  const table = panel.querySelector('table');
  if (!table) return {wrapped: [], font, text: panel.textContent};
  const walk = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  const wrapped = [];
  while (walk.nextNode()) {
    const n = walk.currentNode;
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
    if (tops.size > 1) wrapped.push(n.textContent);
  }
  return {wrapped, font, text: panel.textContent};
}"""
FITS = """() => { const d = document.documentElement, s = document.querySelector('.picture svg')
  .getBoundingClientRect();
  return {scrollW: d.scrollWidth, scrollH: d.scrollHeight, w: innerWidth, h: innerHeight,
          right: s.right, bottom: s.bottom, left: s.left, top: s.top}; }"""


def test_the_neuron_on_a_projector_holds_still_and_reads_from_the_back(page, tmp_path):
    s = open_page(page, tmp_path)
    t = s.trace
    n = len(t.steps)
    assert n == 5 and page.inner_text(".counter") == f"Step 0 of {n}"

    first = page.evaluate(BOXES)
    assert len(first) == len({b for boxes in s.graph.ids.values() for b in boxes})
    for k in range(n + 1):
        assert page.step() == k
        # fits the window: nothing scrolls, the picture is inside it
        fit = page.evaluate(FITS)
        assert fit["scrollW"] <= fit["w"] and fit["scrollH"] <= fit["h"], fit
        assert fit["left"] >= 0 and fit["top"] >= 0
        assert fit["right"] <= fit["w"] and fit["bottom"] <= fit["h"], fit
        # readable: every label of the graph at least 12 px high
        sizes = page.evaluate(LABEL_PX)
        assert sizes and min(sizes) >= 12, min(sizes)
        # the chain-rule panel: one line per cell, no smaller than 12 px
        lines = page.evaluate(PANEL_LINES)
        assert lines["wrapped"] == [] and lines["font"] >= 12, lines
        # holds still: every box where it was at step 0
        assert page.evaluate(BOXES) == first
        page.keyboard.press("ArrowRight")
    assert page.step() == n  # past the last step it stays there
    assert page.requests and all(u.startswith(("file:", "data:", "about:")) for u in page.requests)
    assert page.errors == []


def test_step_0_is_the_seed_and_each_step_marks_the_grads_it_changed(page, tmp_path):
    s = open_page(page, tmp_path)
    t = s.trace
    ids = s.graph.ids
    root_box = ids[id(t.root)][0]
    grads = page.evaluate(GRADS)
    assert grads[root_box] == [f"grad {pic(t.gradient)}"]
    assert all(g == ["grad ?"] for box, g in grads.items() if box != root_box)
    assert page.eval_on_selector(".panels > section.current", "p => p.textContent").startswith(
        f"Step 0 of 5: the seed. {t.label}.grad = 1.0"
    )
    lit = "() => Array.from(document.querySelectorAll('g.lit title')).map(e => e.textContent)"
    new = (
        "() => Array.from(document.querySelectorAll('text.new'))"
        ".map(e => e.closest('g.node').querySelector('title').textContent)"
    )
    assert page.evaluate(lit) == [root_box] and page.evaluate(new) == [root_box]
    for step in t.steps:
        page.keyboard.press("Space")
        assert page.step() == step.step
        assert page.evaluate(lit) == list(ids[id(step.value.grad_fn)])
        changed = {b for i in step.inputs if i.grad is not None for b in ids[id(i.value)]}
        assert set(page.evaluate(new)) == changed
        grads = page.evaluate(GRADS)
        for i in step.inputs:  # the grad each input has once this step is done
            for b in ids[id(i.value)]:
                assert grads[b] == [f"grad {pic(i.grad)}"]
        # the red grads are red on screen, the others are not
        colours = page.evaluate(
            "() => Array.from(document.querySelectorAll('.picture text')).filter("
            "t => t.textContent.startsWith('grad ')).map(t => [t.classList.contains('new'),"
            " getComputedStyle(t).fill])"
        )
        assert {c for is_new, c in colours if is_new} <= {"rgb(214, 39, 40)"}
        assert "rgb(214, 39, 40)" not in {c for is_new, c in colours if not is_new}
    panel = page.eval_on_selector(".panels > section.current", "p => p.textContent")
    assert "Leaf grads: " + ", ".join(f"{x.label} = {num(x.grad)}" for x in t.leaves) in panel


def test_keys_and_buttons_move_the_step(page, tmp_path):
    open_page(page, tmp_path)
    moves = [
        ("ArrowRight", 1),
        ("Space", 2),
        ("ArrowLeft", 1),
        ("End", 5),
        ("Shift+Space", 4),
        ("Home", 0),
        ("ArrowLeft", 0),
        ("PageDown", 1),
    ]
    for key, expected in moves:
        page.keyboard.press(key)
        assert page.step() == expected, key
    assert page.evaluate("() => scrollY") == 0  # Space moved the step, not the page
    page.click(".next")
    assert page.step() == 2 and page.inner_text(".counter") == "Step 2 of 5"
    page.click(".prev")
    page.click(".prev")
    assert page.step() == 0 and page.is_disabled(".prev") and not page.is_disabled(".next")
    page.keyboard.press("End")
    assert page.is_disabled(".next")


@pytest.mark.parametrize("rankdir", ["TB", "LR"])
def test_both_directions_fit_the_window(page, tmp_path, rankdir):
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    open_page(page, tmp_path, (a * b + c) * f, rankdir=rankdir)
    first = page.evaluate(BOXES)
    for _ in range(3):
        fit = page.evaluate(FITS)
        assert fit["scrollW"] <= fit["w"] and fit["scrollH"] <= fit["h"], fit
        assert fit["right"] <= fit["w"] and fit["bottom"] <= fit["h"]
        assert min(page.evaluate(LABEL_PX)) >= 12
        assert page.evaluate(PANEL_LINES)["wrapped"] == []
        page.keyboard.press("ArrowRight")
        assert page.evaluate(BOXES) == first
    assert page.errors == []


def test_a_smaller_window_scales_the_picture_and_keeps_it_still(chromium, tmp_path):
    p = Page(chromium, viewport={"width": 800, "height": 600})
    try:
        open_page(p, tmp_path)
        fit = p.evaluate(FITS)
        assert fit["scrollW"] <= 800 and fit["right"] <= 800 and fit["bottom"] <= 600
        first = p.evaluate(BOXES)
        p.keyboard.press("End")
        assert p.evaluate(BOXES) == first
    finally:
        p.page.close()


def test_two_steppers_inline_in_one_notebook_page_work_apart(page):
    """What a notebook does with two cells' outputs: their HTML put into one page."""
    one = viz.stepper(neuron())
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    two = viz.stepper(a * b)
    cells = "".join(f'<div class="output">{s._repr_html_()}</div>' for s in (one, two))
    page.set_content(f"<!DOCTYPE html><html><body><p>notebook</p>{cells}</body></html>")
    first, second = (
        "div.output:nth-of-type(1) .tge-stepper",
        "div.output:nth-of-type(2) .tge-stepper",
    )
    page.wait_for_selector(f"{second}[data-step='0']")
    page.click(f"{first} .next")
    assert (page.step(first), page.step(second)) == (1, 0)
    page.click(f"{second} .picture")  # focus it: the keys go to the stepper that has focus
    page.keyboard.press("ArrowRight")
    assert (page.step(first), page.step(second)) == (1, 1)
    page.keyboard.press("Home")
    assert (page.step(first), page.step(second)) == (1, 0)
    boxes = page.eval_on_selector_all(f"{first} .picture text", "ts => ts.length")
    assert boxes >= 3 * len(one.trace.leaves)
    sizes = page.eval_on_selector_all(
        f"{first} .picture text",
        "ts => ts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)",
    )
    assert min(sizes) >= 12  # inline too, the neuron reads at 1024×768
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PROJECTOR["width"]
    assert page.errors == []
    assert all(u.startswith(("data:", "about:")) for u in page.requests)
    assert page.inner_text(f"{first} .counter") == "Step 1 of 5"


# Every line of text in the current panel: its size in px, and whether it is wholly on screen
# (inside the window and not cut off by the panel).
PANEL_TEXT = """() => {
  const panel = document.querySelector('.panels > section.current');
  const box = panel.getBoundingClientRect();
  const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  const out = [];
  while (walk.nextNode()) {
    const n = walk.currentNode;
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const px = parseFloat(getComputedStyle(n.parentElement).fontSize);
    for (const r of range.getClientRects()) {
      const on = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 &&
        r.bottom <= innerHeight + 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
      out.push([n.textContent, px, on]);
    }
  }
  return out;
}"""


def three_input_neuron():
    names = ["x1", "x2", "x3", "w1", "w2", "w3", "b"]
    x1, x2, x3, w1, w2, w3, b = (
        Value(v, label=n) for n, v in zip(names, (2.0, 0.0, 1.0, -3.0, 1.0, 0.5, 6.88))
    )
    o = (x1 * w1 + x2 * w2 + x3 * w3 + b).tanh()
    o.label = "o"
    return o


@pytest.mark.parametrize("rankdir", ["TB", "LR"])
def test_the_3_input_neurons_arithmetic_reads_at_16_px_on_a_projector(page, tmp_path, rankdir):
    """Each step's chain-rule text sized for its own length: at least 16 px, all on screen."""
    s = open_page(page, tmp_path, three_input_neuron(), rankdir=rankdir)
    smallest, off = [], []
    for k in range(len(s.states)):
        assert page.step() == k
        lines = page.evaluate(PANEL_TEXT)
        assert lines
        smallest.append(min(px for _, px, _ in lines))
        off += [(k, text) for text, _, on in lines if not on]
        fit = page.evaluate(FITS)
        assert fit["scrollW"] <= fit["w"] and fit["scrollH"] <= fit["h"], fit
        page.keyboard.press("ArrowRight")
    assert min(smallest) >= 16, smallest
    assert off == []
    assert max(smallest) > min(smallest) or rankdir == "LR"  # sized per step, not all alike
    assert page.errors == []


def test_a_tall_graph_on_a_4_3_screen_has_its_arithmetic_beside_it(page, tmp_path):
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    open_page(page, tmp_path, (a * b + c) * f)  # TB: four ranks, two boxes wide
    assert page.eval_on_selector(".tge-stepper", "r => r.dataset.layout") == "beside"
    picture = page.eval_on_selector(".picture svg", "e => e.getBoundingClientRect().right")
    panel = page.eval_on_selector(".panels", "e => e.getBoundingClientRect().left")
    assert panel >= picture - 1
    for _ in range(4):
        lines = page.evaluate(PANEL_TEXT)
        assert min(px for _, px, _ in lines) >= 16 and all(on for _, _, on in lines), lines
        page.keyboard.press("ArrowRight")


def test_step_0s_sentence_parenthesises_an_expression(page, tmp_path):
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    open_page(page, tmp_path, (a * b + c) * f)
    text = page.eval_on_selector(".panels > section.current", "p => p.textContent")
    assert "((a * b + c) * f).grad = 1.0 (d((a * b + c) * f)/d((a * b + c) * f) = 1)" in text


def test_the_inline_stepper_fits_a_notebooks_visible_area(page):
    """JupyterLab at 1024×768 leaves about 650 px for the notebook: the whole stepper, its
    arithmetic included, shows without scrolling."""
    s = viz.stepper(neuron())
    page.set_content(
        "<!DOCTYPE html><html><body style='margin:0'><div id='area' style='height:650px;"
        f"overflow:auto'><div style='height:40px'>In [8]:</div>{s._repr_html_()}</div>"
        "</body></html>"
    )
    page.wait_for_selector(".tge-stepper[data-step='0']")
    bottom = page.eval_on_selector(".tge-stepper", "e => e.getBoundingClientRect().bottom")
    assert bottom <= 650
    lines = page.evaluate(PANEL_TEXT)
    assert min(px for _, px, _ in lines) >= 16 and all(on for _, _, on in lines)


STILL = """() => { const r = document.querySelector('.tge-stepper');
  const img = r.querySelector('.still img'), vis = e => !!e && e.getClientRects().length > 0;
  return {img: vis(img) && img.complete ? img.naturalWidth : 0,
          shown: img ? img.getBoundingClientRect().width : 0,
          nav: vis(r.querySelector('nav')), stage: vis(r.querySelector('.stage')),
          text: r.querySelector('.still') ? r.querySelector('.still').textContent : ''}; }"""


def test_where_the_script_cannot_run_the_cell_shows_its_still_picture(chromium):
    """JavaScript off (an untrusted notebook's sanitised HTML, a code host, a page saved by
    nbconvert opened with scripts blocked): step 0 and the last step, the last arithmetic,
    no dead buttons.  With it on, the stepper replaces its still picture."""
    s = viz.stepper(neuron())
    doc = f"<!DOCTYPE html><html><body style='width:900px'>{s._repr_html_()}</body></html>"
    context = chromium.new_context(java_script_enabled=False, viewport=PROJECTOR)
    try:
        off = context.new_page()
        off.set_content(doc)
        seen = off.evaluate(STILL)  # Playwright's own evaluation runs; the page's does not
        assert seen["img"] > 0 and 0 < seen["shown"] <= 848  # drawn, and fits the output area
        assert not seen["nav"] and not seen["stage"]  # no dead buttons, no text jumble
        assert "Leaf grads: x1 = " in seen["text"] and "step 0 and step 5 of 5" in seen["text"]
    finally:
        context.close()
    on = chromium.new_page(viewport=PROJECTOR)
    try:
        on.set_content(doc)
        on.wait_for_selector(".tge-stepper[data-step='0']")
        seen = on.evaluate(STILL)
        assert seen["nav"] and seen["stage"] and seen["img"] == 0 and seen["text"] == ""
    finally:
        on.close()
