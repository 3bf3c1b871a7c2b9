"""The stepper's style and script: what makes one laid-out SVG a stepper in a browser.

``CSS`` (every rule scoped by ``#ROOT``, replaced by the stepper's own id) and ``SCRIPT`` (run
once per stepper, ``ROOT_ID`` replaced the same way) are inlined by ``viz.stepper``: the page
and the notebook cell need no file and no network.  The script sets each step's grads and
colours, sizes each step's arithmetic for its own length (never under 16 px), and puts the
arithmetic under the picture or beside it, whichever draws the graph larger.
"""

from __future__ import annotations

__all__ = ["CSS", "SCRIPT"]

CSS = """
#ROOT { font-family: Helvetica, Arial, sans-serif; color: #111; background: #fff;
        box-sizing: border-box; outline: none; }
#ROOT .still img { display: block; max-width: 100%; height: auto; margin: 4px 0; }
#ROOT.page { height: 100vh; display: flex; flex-direction: column; padding: 6px 14px; }
#ROOT.cell { padding: 4px; border: 1px solid #ddd; }
#ROOT.cell.live { display: flex; flex-direction: column; height: min(78vh, 900px);
                  min-height: 420px; }
#ROOT.cell:focus { border-color: #888; }
#ROOT nav { display: flex; flex-wrap: wrap; align-items: center; column-gap: .8em;
            row-gap: 2px; flex: none; white-space: nowrap; margin-bottom: 4px;
            font-size: 16px; }
#ROOT .title { font-weight: bold; flex: 0 1 auto; min-width: 0; overflow: hidden;
               text-overflow: ellipsis; }
#ROOT button { font-size: 16px; padding: .2em .8em; }
#ROOT .counter { min-width: 7em; text-align: center; font-size: 18px; font-weight: bold; }
#ROOT .hint, #ROOT .key { color: #666; font-size: 13px; }
#ROOT .key i { display: inline-block; width: 1.4em; height: .9em; margin: 0 .3em 0 .6em;
               vertical-align: middle; }
#ROOT .k-lit { border: 3px solid #d62728; }
#ROOT .k-changed { border: 2px dashed #d62728; }
#ROOT .stage { flex: 1 1 0; min-height: 0; display: flex; flex-direction: column; }
#ROOT.beside .stage { flex-direction: row; }
#ROOT .picture { flex: 1 1 0; min-height: 0; min-width: 0; overflow: hidden; display: flex;
                 justify-content: center; align-items: flex-start; }
#ROOT .picture svg { display: block; }
#ROOT .picture g.lit > path, #ROOT .picture g.lit > polygon, #ROOT .picture g.lit > ellipse {
  stroke: #d62728; stroke-width: 4px; }
#ROOT .picture g.changed > path, #ROOT .picture g.changed > polygon,
#ROOT .picture g.changed > ellipse { stroke: #d62728; stroke-width: 2.5px;
  stroke-dasharray: 6 3; }
#ROOT .picture text.new { fill: #d62728; }
#ROOT .panels { display: grid; grid-template-columns: minmax(0, 1fr); flex: none;
                white-space: nowrap; overflow: hidden; font-size: 16px;
                border-top: 1px solid #ccc; padding-top: 4px; }
#ROOT.beside .panels { border-top: none; border-left: 1px solid #ccc; padding: 0 0 0 10px;
                       align-self: flex-start; max-height: 100%; }
#ROOT .panels > section { grid-area: 1 / 1; visibility: hidden; min-width: 0;
                          overflow: hidden; }
#ROOT .panels > section.wrap { white-space: normal; }
#ROOT .panels > section.current { visibility: visible; }
#ROOT .head { font-weight: bold; margin: .2em 0; white-space: normal; }
#ROOT .note { margin: .2em 0; white-space: normal; }
#ROOT table.chain { border-collapse: collapse; font-family: Menlo, Consolas, monospace; }
#ROOT .chain th { text-align: left; font-family: Helvetica, Arial, sans-serif;
                  font-weight: normal; color: #555; border-bottom: 1px solid #aaa; }
#ROOT .chain th, #ROOT .chain td { padding: .1em 1.2em .1em 0; }
#ROOT .chain tr.changed td:last-child { color: #d62728; font-weight: bold; }
#ROOT.beside table.chain, #ROOT.beside .chain tbody, #ROOT.beside .chain tr,
#ROOT.beside .chain td { display: block; }
#ROOT.beside .chain tr:first-child { display: none; }
#ROOT.beside .chain td { padding: 0 0 0 1em; }
#ROOT.beside .chain td:first-child { padding: .35em 0 0 0; font-weight: bold; }
#ROOT.beside .chain td[data-col]::before { content: attr(data-col) ": "; color: #555;
  font-family: Helvetica, Arial, sans-serif; }
"""

SCRIPT = """
(function () {
  var root = document.getElementById("ROOT_ID");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  // the script runs: the stepper (a notebook cell's waits in a template) instead of its still
  var still = root.querySelector(".still"), live = root.querySelector("script.tge-live");
  if (live) {
    live.insertAdjacentHTML("afterend", live.textContent.split("<\\\\/").join("</"));
    live.parentNode.removeChild(live);
  }
  if (still) still.parentNode.removeChild(still);
  root.classList.add("live");
  var data = JSON.parse(root.querySelector(".tge-data").textContent);
  var states = data.states, current = 0;
  var svg = root.querySelector(".picture svg");
  var picture = root.querySelector(".picture"), panels = root.querySelector(".panels");
  var panel = root.querySelectorAll(".panels > section");
  var counter = root.querySelector(".counter");
  var prev = root.querySelector(".prev"), next = root.querySelector(".next");
  var boxes = {};
  var gs = svg.querySelectorAll("g.node");
  for (var i = 0; i < gs.length; i++) {
    var title = gs[i].querySelector("title");
    if (!title) continue;
    var grad = null, texts = gs[i].querySelectorAll("text");
    for (var j = 0; j < texts.length; j++)
      if (texts[j].textContent.indexOf("grad ") === 0) grad = texts[j];
    if (grad && data.center && grad.getAttribute("text-anchor") === "start") {
      var mid = parseFloat(grad.getAttribute("x")) + grad.getComputedTextLength() / 2;
      grad.setAttribute("x", String(mid));
      grad.setAttribute("text-anchor", "middle");
    }
    boxes[title.textContent] = { g: gs[i], grad: grad };
  }
  var box = svg.viewBox.baseVal, natural = [box.width, box.height];
  var stage = root.querySelector(".stage");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  // Each step's arithmetic at the largest size its own table fits in, never under MIN px (a
  // table too wide at MIN wraps instead of shrinking); the sentences above it wrap as prose.
  var MAX = data.page ? 26 : 20, MIN = 16;
  function sizeText() {
    for (var p = 0; p < panel.length; p++) {
      var s = panel[p], size = MAX;
      s.classList.remove("wrap");
      s.style.fontSize = size + "px";
      while (s.scrollWidth > s.clientWidth + 1 && size > MIN) {
        size -= 1;
        s.style.fontSize = size + "px";
      }
      if (s.scrollWidth > s.clientWidth + 1) s.classList.add("wrap");
    }
  }
  function scale(w, h) { return Math.min(w / natural[0], h / natural[1], 2.5); }
  function fit() {
    svg.style.width = svg.style.height = "0px";  // the stage's size, not the picture's
    // Below the graph, or beside it (a tall graph on a 4:3 screen): whichever draws it larger.
    root.classList.remove("beside");
    panels.style.width = "";
    sizeText();
    var W = stage.clientWidth, H = stage.clientHeight;
    var below = scale(W, H - panels.offsetHeight), wrapsBelow = !!panels.querySelector(".wrap");
    // beside: the picture as tall as the stage, the panel (its table stacked, one line a
    // cell) in the width left over, at least 320 px
    var kSide = Math.min(H / natural[1], 2.5), side = Math.floor(W - natural[0] * kSide - 12);
    if (side < 320) {
      side = 320;
      kSide = scale(W - side - 12, H);
    }
    if (kSide > below * 1.15) {
      root.classList.add("beside");
      panels.style.width = side + "px";
      sizeText();
      if (panels.querySelector(".wrap") && !wrapsBelow) {  // widen the panel to its text
        var need = side;
        for (var p = 0; p < panel.length; p++) {
          panel[p].classList.remove("wrap");
          panel[p].style.fontSize = MIN + "px";
          need = Math.max(need, panel[p].scrollWidth + 2);
        }
        if (scale(W - need - 12, H) > below * 1.15) {
          side = need;
          panels.style.width = side + "px";
        }
        sizeText();
      }
      // beside only if no line wraps there that fits below, and the panel fits the height
      var wraps = !!panels.querySelector(".wrap");
      if ((wraps && !wrapsBelow) || panels.offsetHeight > H) {
        root.classList.remove("beside");
        panels.style.width = "";
        sizeText();
      }
    }
    var k = scale(picture.clientWidth, picture.clientHeight);
    svg.style.width = natural[0] * k + "px";
    svg.style.height = natural[1] * k + "px";
    root.dataset.scale = String(k);
    root.dataset.layout = root.classList.contains("beside") ? "beside" : "below";
  }
  function show(k) {
    current = Math.max(0, Math.min(states.length - 1, k));
    var s = states[current];
    for (var name in boxes) {
      var b = boxes[name];
      b.g.classList.toggle("lit", s.lit.indexOf(name) >= 0);
      var moved = s.changed.indexOf(name) >= 0 && s.lit.indexOf(name) < 0;
      b.g.classList.toggle("changed", moved);
      if (b.grad && name in s.grads) {
        b.grad.textContent = s.grads[name];
        b.grad.classList.toggle("new", s.changed.indexOf(name) >= 0);
      }
    }
    for (var p = 0; p < panel.length; p++) panel[p].classList.toggle("current", p === current);
    counter.textContent = "Step " + current + " of " + (states.length - 1);
    prev.disabled = current === 0;
    next.disabled = current === states.length - 1;
    root.dataset.step = String(current);
  }
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  function key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
    if (e.key === "ArrowRight" || e.key === "ArrowDown" || e.key === "PageDown" ||
        (e.key === " " && !e.shiftKey)) show(current + 1);
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp" || e.key === "PageUp" ||
             (e.key === " " && e.shiftKey)) show(current - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(states.length - 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }
  (data.page ? document : root).addEventListener("keydown", key);
  root.addEventListener("click", function () { root.focus({ preventScroll: true }); });
  window.addEventListener("resize", fit);
  fit();
  show(0);
})();
"""
