// The site's one script: loads Pyodide and Graphviz (viz-js) from this folder, then runs the
// page's cells (a lesson, the README's examples), the playground, or ?selftest on the index.
// Nothing is fetched from anywhere but this site.
const T0 = performance.now();
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
const statusEl = $("#status");
let py = null;
let dead = false;

function say(text) { if (statusEl) statusEl.textContent = text; }

function fatal(why) {
  if (dead) return;
  dead = true;
  document.body.dataset.fatal = "1";
  const box = document.createElement("div");
  box.id = "fatal";
  box.textContent = "Python stopped (" + why + "). Reload the page to start again.";
  document.body.prepend(box);
  say("Python stopped: reload the page");
  $$("button.run, #run-all, .play button").forEach((b) => (b.disabled = true));
}
window.addEventListener("error", (e) => { if (py === null) fatal(String(e.message || e)); });
window.addEventListener("unhandledrejection", (e) => { if (py === null) fatal(String(e.reason)); });

async function boot() {
  say("Loading Python…");
  const base = new URL(".", location.href);
  const [{ loadPyodide }, vizjs, runtime] = await Promise.all([
    import(new URL("pyodide/pyodide.mjs", base).href),
    import(new URL("vendor/viz.js", base).href),
    fetch(new URL("assets/runtime.py", base)).then((r) => r.text()),
  ]);
  const [pyodide, viz] = await Promise.all([
    loadPyodide({
      indexURL: new URL("pyodide/", base).href,
      packages: ["tinygrad-edu", "micrograd"],
      env: { HOME: "/home/pyodide", TINYGRAD_EDU_LESSONS_OUT: "/tmp/lessons_out" },
      stdout: () => {}, stderr: (t) => console.warn(t),
    }),
    vizjs.instance(),
  ]);
  globalThis.tinygradEduViz = viz; // viz/render.py draws with it
  // a private hook of Pyodide's: the interpreter died (a stack overflow); say so, do not hang
  if (pyodide._api) pyodide._api.on_fatal = (e) => fatal(String(e && e.message || e));
  const loaded = performance.now() - T0;
  pyodide.runPython(runtime);
  py = pyodide;
  const ms = Math.round(performance.now() - T0);
  document.body.dataset.boot = JSON.stringify({ loaded: Math.round(loaded), imported: ms });
  document.body.dataset.ready = String(ms);
  say("Python ready in " + (ms / 1000).toFixed(1) + " s");
}

function call(name, ...args) {
  if (dead) throw new Error("Python stopped");
  try {
    const r = py.globals.get(name)(...args);
    return r === undefined ? null : JSON.parse(r);
  } catch (e) {
    // a PythonError is caught by runtime.py; anything reaching here is the interpreter dying
    fatal(String(e && e.message || e));
    throw e;
  }
}

function show(outputs, into) {
  into.replaceChildren();
  let pictures = 0, failed = null;
  for (const o of outputs) {
    let el;
    if (o.kind === "svg") {
      el = document.createElement("div"); el.className = "picture"; el.innerHTML = o.data; pictures++;
    } else if (o.kind === "png") {
      el = document.createElement("img"); el.className = "picture"; el.src = "data:image/png;base64," + o.data; pictures++;
    } else if (o.kind === "html") {
      el = document.createElement("div"); el.className = "html"; el.innerHTML = o.data;
      for (const old of el.querySelectorAll("script")) { // innerHTML does not run scripts
        const s = document.createElement("script");
        for (const a of old.attributes) s.setAttribute(a.name, a.value);
        s.textContent = old.textContent; old.replaceWith(s);
      }
      pictures++;
    } else if (o.kind === "page") {
      el = document.createElement("iframe"); el.className = "page"; el.srcdoc = o.data; pictures++;
    } else {
      el = document.createElement("pre"); el.className = o.kind; el.textContent = o.data;
      if (o.kind === "error" || o.kind === "verdict") failed = o;
    }
    into.append(el);
  }
  return { pictures, failed };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

async function runCell(cell, ns) {
  const code = $("textarea", cell).value;
  const out = $(".out", cell);
  cell.classList.add("running");
  await tick(); // let the page paint "running" first
  const t = performance.now();
  const r = show(call("run_cell", ns, code, Number(cell.dataset.line || 1), document.body.dataset.file || "<cell>"), out);
  cell.dataset.ms = String(Math.round(performance.now() - t));
  cell.classList.remove("running");
  cell.classList.toggle("failed", r.failed !== null);
  cell.dataset.done = "1";
  return r;
}

async function runAll(ns) {
  const totals = { cells: 0, pictures: 0, failed: 0, verdict: "" };
  for (const cell of $$(".cell.code")) {
    const r = await runCell(cell, ns);
    totals.cells++; totals.pictures += r.pictures;
    if (r.failed) { totals.failed++; totals.verdict = r.failed.data; break; } // as a notebook's Run all
  }
  document.body.dataset.runAll = JSON.stringify(totals);
  return totals;
}

function cellsPage() {
  const ns = document.body.dataset.page;
  for (const cell of $$(".cell.code")) {
    const area = $("textarea", cell);
    const fit = () => { area.style.height = "auto"; area.style.height = area.scrollHeight + 4 + "px"; };
    fit(); area.addEventListener("input", fit);
    $("button.run", cell).addEventListener("click", () => runCell(cell, ns));
    area.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && e.shiftKey) { e.preventDefault(); runCell(cell, ns); }
    });
  }
  $("#run-all")?.addEventListener("click", async () => {
    call("reset", ns, document.body.dataset.file || "<cell>");
    const t = await runAll(ns);
    say(`ran ${t.cells} cells, ${t.pictures} pictures` + (t.failed ? ", stopped at an error" : ""));
  });
}

function playground() {
  for (const b of $$(".play button")) {
    b.addEventListener("click", async () => {
      await tick();
      const r = show(call("play", b.dataset.command, $("#expr").value, $("#vars").value), $("#play-out"));
      document.body.dataset.played = JSON.stringify({ command: b.dataset.command, pictures: r.pictures, failed: r.failed !== null });
    });
  }
}

async function selftest() {
  const line = $("#selftest");
  line.textContent = "selftest: running…";
  const lessons = await (await fetch("assets/lessons.json")).json();
  let ran = 0, pictures = 0, errors = 0;
  const rows = $("#selftest-rows");
  for (const lesson of lessons) {
    call("reset", lesson.stem, lesson.file);
    let ok = true, pics = 0, why = "";
    const t = performance.now();
    for (const c of lesson.cells) {
      let outs;
      try { outs = call("run_cell", lesson.stem, c.code, c.line, lesson.file); }
      catch (e) { ok = false; why = "Python stopped: " + e; break; }
      for (const o of outs) {
        if (["svg", "png", "html", "page"].includes(o.kind)) pics++;
        if (o.kind === "error" || o.kind === "verdict") { ok = false; why = o.data.split("\n").slice(-1)[0]; }
      }
      if (!ok) break;
      await tick();
    }
    ran += ok ? 1 : 0; errors += ok ? 0 : 1; pictures += pics;
    const tr = document.createElement("tr");
    tr.innerHTML = `<td>${lesson.stem}</td><td>${ok ? "ran" : "error"}</td><td>${pics}</td><td>${((performance.now() - t) / 1000).toFixed(1)} s</td><td></td>`;
    tr.lastChild.textContent = why;
    rows?.append(tr);
    if (dead) break;
  }
  line.textContent = `selftest: ${ran}/${lessons.length} lessons ran, ${pictures} pictures, ${errors} errors`;
}

(async () => {
  try { await boot(); } catch (e) { fatal("it could not start: " + (e && e.message || e)); return; }
  $$("button").forEach((b) => (b.disabled = false));
  const page = document.body.dataset.kind;
  if (page === "cells") cellsPage();
  if (page === "playground") playground();
  if (page === "index" && new URLSearchParams(location.search).has("selftest")) await selftest();
})();
