"""A lesson's notebook as it is handed out: run, saved, rendered to HTML by nbconvert, and read
in a browser with no kernel, with JavaScript off and on.

Lessons 04 (two graphs, both wider than the output area left to right) and 08 (the stepper)
are run by nbclient, saved with nbformat, read back and rendered by nbconvert's HTML exporter
(``jupyter nbconvert --to html``), which starts no kernel.  In headless Chromium, with its
scripts blocked (a code host, a mail attachment opened with scripts off), every picture shows
within the output area and the stepper shows its still picture (step 0 and the last step) and
no dead buttons; with them on, the stepper steps.  A slow test: two kernels and a browser.
"""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import pytest

jupytext = pytest.importorskip("jupytext")
nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
nbconvert = pytest.importorskip("nbconvert")
pytest.importorskip("ipykernel")
sync_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.slow

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
OUTPUT_WIDTH = 848  # px: JupyterLab's output area at 1024 px

# Every picture output on the page: its kind, whether it is drawn, and its width on screen.
PICTURES = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output')).flatMap(o => {
  const found = [];
  for (const s of o.querySelectorAll(':scope > svg, :scope svg:not(.tge-stepper svg)'))
    if (!s.closest('.tge-stepper')) found.push(['svg', s.getBoundingClientRect().width > 0,
                                               s.getBoundingClientRect().width]);
  for (const i of o.querySelectorAll('img'))
    found.push([i.closest('.still') ? 'still' : 'img', i.complete && i.naturalWidth > 0,
                i.getBoundingClientRect().width]);
  return found; })"""
STEPPER = """() => { const r = document.querySelector('.tge-stepper'), vis = e => !!e &&
  e.getClientRects().length > 0;
  return {nav: vis(r.querySelector('nav')), stage: vis(r.querySelector('.stage')),
          still: vis(r.querySelector('.still')), step: r.dataset.step,
          text: (r.querySelector('.still') || {}).textContent || ''}; }"""


@pytest.fixture(scope="module")
def html_pages(tmp_path_factory):
    """Lessons 04 and 08 run, saved, read back and rendered to HTML without a kernel."""
    folder = tmp_path_factory.mktemp("handed_out")
    env = pytest.MonkeyPatch()
    env.setenv("TINYGRAD_EDU_LESSONS_OUT", str(folder / "out"))
    env.setenv("TINYGRAD_EDU_DOT", "graphviz-pure")  # the renderer the wheel ships
    env.delenv("PYTHONPATH", raising=False)
    pages = {}
    try:
        for number in ("04", "08"):
            (path,) = LESSONS.glob(f"{number}_*.py")
            nb = jupytext.read(path)
            nbclient.NotebookClient(
                nb,
                timeout=120,
                kernel_name="python3",
                resources={"metadata": {"path": str(folder)}},
            ).execute()
            saved = folder / f"{path.stem}.ipynb"
            nbformat.write(nb, saved)
            body, _ = nbconvert.HTMLExporter().from_notebook_node(
                nbformat.read(saved, as_version=4)
            )
            pages[number] = folder / f"{path.stem}.html"
            pages[number].write_text(body, encoding="utf-8")
    finally:
        env.undo()
    return pages


@pytest.fixture(scope="module")
def chromium():
    exe = next((p for p in map(shutil.which, BROWSERS) if p), None)
    if exe is None:
        pytest.skip("no Chromium found (Debian: apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=FLAGS)
        yield browser
        browser.close()


def _open(chromium, page: Path, *, scripts: bool):
    context = chromium.new_context(
        java_script_enabled=scripts, viewport={"width": 1024, "height": 768}
    )
    tab = context.new_page()
    tab.goto(page.as_uri())
    tab.wait_for_load_state("load")
    return context, tab


def test_the_saved_notebook_stores_each_picture_and_the_stepper_with_its_still(html_pages):
    text = html_pages["04"].read_text(encoding="utf-8")
    # the graphs: nbconvert writes each stored SVG as an image of its own
    graphs = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', text)
    assert len(graphs) == 2
    assert all('class="node"' in base64.b64decode(g).decode("utf-8") for g in graphs)
    assert "IPython.core.display.SVG object" not in text
    page = html_pages["08"].read_text(encoding="utf-8")
    assert page.count('class="tge-stepper') == 1 and 'class="still"' in page
    assert re.search(r'<div class="still">.*?<img [^>]*src="data:image/png;base64,', page, re.S)


def test_without_scripts_every_picture_and_the_steppers_still_show(html_pages, chromium):
    context, tab = _open(chromium, html_pages["04"], scripts=False)
    try:
        pictures = tab.evaluate(PICTURES)
        assert len(pictures) == 2, pictures  # lesson 04's two graphs
        assert all(drawn and 0 < width <= OUTPUT_WIDTH for _, drawn, width in pictures)
    finally:
        context.close()
    context, tab = _open(chromium, html_pages["08"], scripts=False)
    try:
        stills = [p for p in tab.evaluate(PICTURES) if p[0] == "still"]
        assert len(stills) == 1 and stills[0][1] and 0 < stills[0][2] <= OUTPUT_WIDTH
        seen = tab.evaluate(STEPPER)
        assert seen["still"] and not seen["nav"] and not seen["stage"]  # no dead Next button
        assert "Leaf grads:" in seen["text"]
    finally:
        context.close()


def test_with_scripts_the_rendered_stepper_steps_without_a_kernel(html_pages, chromium):
    context, tab = _open(chromium, html_pages["08"], scripts=True)
    try:
        tab.wait_for_selector(".tge-stepper.live")
        seen = tab.evaluate(STEPPER)
        assert seen["nav"] and seen["stage"] and not seen["still"]
        tab.click(".tge-stepper .next")
        assert tab.evaluate(STEPPER)["step"] == "1"
    finally:
        context.close()
