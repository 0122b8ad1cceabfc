/* pachaprint studio, part 2: the map grid, its tools, the mouse and the keyboard.
   Every cell shows its terrain letter, crop digit and start/Otoma badges as
   text; problems add a dashed outline and a "!" badge, the selected problem a
   hatched overlay: colour is never the only cue. */
"use strict";

(function () {
  const S = window.Studio;
  const SVG = "http://www.w3.org/2000/svg";
  const G = (S.grid = { cursor: "a1", focus: new Set(), explain: null });
  S.tool = { kind: "terrain", value: "V" };
  let gridEl = null;
  let cells = {};
  let builtSize = null;

  function symbol(id, className) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", className);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "#" + id);
    svg.appendChild(use);
    return svg;
  }

  function span(className, text) {
    const el = document.createElement("span");
    el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  function head(className, symbolId, label, title) {
    const el = document.createElement("div");
    el.className = "head " + className;
    el.title = title;
    el.appendChild(symbol(symbolId, "sym"));
    el.appendChild(span("label", label));
    return el;
  }

  function build(size) {
    const width = S.width(size);
    gridEl.textContent = "";
    gridEl.style.setProperty("--cols", String(width));
    cells = {};
    gridEl.appendChild(span("corner"));
    for (let column = 0; column < width; column++) {
      const letter = "abcdefghi"[column];
      gridEl.appendChild(head("element", "sym-element-" + column, letter, "column " + letter));
    }
    for (let row = 0; row < 5; row++) {
      gridEl.appendChild(head("animal", "sym-animal-" + row, String(row + 1), "row " + (row + 1)));
      for (let column = 0; column < width; column++) {
        const name = S.cellName(column, row);
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "cell";
        cell.tabIndex = -1;
        cell.setAttribute("data-cell", name);
        cell.appendChild(span("letter"));
        cell.appendChild(symbol("sym-terrain-V", "tsym"));
        cell.appendChild(span("name", name));
        cell.appendChild(span("crop"));
        cell.appendChild(span("cands"));
        const badges = span("badges");
        badges.appendChild(span("badge start-badge", "\u2605"));
        badges.appendChild(span("badge otoma-badge", "\u25C6"));
        cell.appendChild(badges);
        cell.appendChild(span("flag", "!"));
        cell.appendChild(span("step-flag"));
        cells[name] = cell;
        gridEl.appendChild(cell);
      }
    }
    builtSize = size;
    if (!S.onBoard(size, G.cursor)) G.cursor = "a1";
  }

  function problemCells(verdict) {
    const marked = new Set();
    if (!verdict) return marked;
    verdict.errors.forEach((p) => { if (p.rule !== "unpainted") p.cells.forEach((c) => marked.add(c)); });
    return marked;
  }

  function describe(doc, name, terrain, crop) {
    const parts = [name + ":"];
    parts.push(terrain === "." ? "no terrain yet" : S.TERRAINS[terrain]);
    parts.push(crop === "." ? "no crop digit" : "crop " + crop + " (" + S.CROPS[crop] + ")");
    if (S.isStart(doc, name)) parts.push("start cell");
    if (S.isOtoma(doc, name)) parts.push("Otoma cell");
    return parts.join(", ");
  }

  // Writes only what changed, so a redraw restyles only the cells an edit touched.
  function setAttr(el, name, value) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  function setText(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }
  function setClass(el, value) {
    if (el.className !== value) el.className = value;
  }
  function setFlag(el, name, on, value) {
    if (on) setAttr(el, name, value || "true");
    else if (el.hasAttribute(name)) el.removeAttribute(name);
  }

  G.render = function () {
    const doc = S.state.doc;
    if (!doc) return;
    if (builtSize !== doc.size) build(doc.size);
    const marked = problemCells(S.verdict);
    const view = G.explain;
    for (const name of Object.keys(cells)) {
      const cell = cells[name];
      const terrain = S.terrainAt(doc, name);
      let crop = S.cropAt(doc, name);
      setClass(cell, "cell " + (terrain === "." ? "t-none" : "t-" + terrain) + (name === G.cursor ? " cursor" : ""));
      setAttr(cell, "data-terrain", terrain);
      setText(cell.querySelector(".letter"), terrain === "." ? "?" : terrain);
      setAttr(cell.querySelector(".tsym use"), "href", "#sym-terrain-" + (terrain === "." ? "V" : terrain));
      const cands = cell.querySelector(".cands");
      if (cands.firstChild) cands.textContent = "";
      if (view) {
        const index = view.index[name];
        crop = view.placed.has(name) ? view.candidates[index] : ".";
        if (!view.placed.has(name)) {
          for (const digit of "12345") cands.appendChild(span(view.candidates[index].indexOf(digit) >= 0 ? "cand" : "cand gone", digit));
        }
        setFlag(cell, "data-step", view.changed.has(name) || view.because.has(name), view.changed.has(name) ? "changed" : "because");
        setText(cell.querySelector(".step-flag"), view.changed.has(name) ? "\u279C" : view.because.has(name) ? "\u2022" : "");
      } else {
        setFlag(cell, "data-step", false);
        // a start cell without a digit: the digits that can still go there, as pencil marks
        const open = S.verdict && S.verdict.candidates && crop === "." ? S.verdict.candidates[name] : null;
        if (open) for (const digit of "12345") cands.appendChild(span(open.indexOf(Number(digit)) >= 0 ? "cand" : "cand gone", digit));
        setFlag(cell, "data-candidates", !!open, open ? open.join(" ") : "");
      }
      const cropEl = cell.querySelector(".crop");
      setClass(cropEl, crop === "." ? "crop" : "crop c-" + crop);
      setText(cropEl, crop === "." ? "" : crop);
      setAttr(cell, "data-crop", crop === "." ? "" : crop);
      setFlag(cell, "data-start", S.isStart(doc, name));
      setFlag(cell, "data-otoma", S.isOtoma(doc, name));
      setFlag(cell, "data-problem", !view && marked.has(name), "error");
      setFlag(cell, "data-focus", !view && G.focus.has(name));
      const tab = name === G.cursor ? 0 : -1;
      if (cell.tabIndex !== tab) cell.tabIndex = tab;
      const fits = !view && cell.getAttribute("data-candidates");
      setAttr(cell, "aria-label", describe(doc, name, terrain, crop) + (fits ? ", digits that fit: " + fits.split(" ").join(", ") : "") +
        (marked.has(name) && !view ? ", has a problem" : ""));
    }
    if (gridEl.classList.contains("explaining") !== !!view) gridEl.classList.toggle("explaining", !!view);
  };

  // -- tools ------------------------------------------------------------------------
  function selectTool(kind, value) {
    S.tool = { kind: kind, value: value };
    document.querySelectorAll(".tool").forEach((button) => {
      const on = button.getAttribute("data-tool") === kind && (value === undefined || button.getAttribute("data-value") === value);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
  G.selectTool = selectTool;

  /** Apply a tool to one cell; `on` is the target state for the start/Otoma toggles. */
  function apply(name, kind, value, on) {
    if (G.explain) S.emit("explain-close");
    return S.edit((doc) => {
      if (kind === "terrain") return S.change.terrain(doc, name, value);
      if (kind === "crop") return S.change.crop(doc, name, value);
      if (kind === "start") return S.change.start(doc, name, on);
      if (kind === "otoma") {
        if (doc.size !== "long") { S.emit("notice", "Otoma cells are for long maps (solo and co-op play)."); return false; }
        return S.change.otoma(doc, name, on);
      }
      return false;
    });
  }

  function toggleTarget(kind, name) {
    const doc = S.state.doc;
    if (kind === "start") return !S.isStart(doc, name);
    if (kind === "otoma") return !S.isOtoma(doc, name);
    return undefined;
  }

  // -- mouse, pen and touch -------------------------------------------------------------
  let painting = null;

  function cellAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const cell = el && el.closest ? el.closest(".cell") : null;
    return cell && gridEl.contains(cell) ? cell.getAttribute("data-cell") : null;
  }

  function onPointerDown(event) {
    const cell = event.target.closest(".cell");
    if (!cell || event.button > 0) return;
    event.preventDefault(); // no text selection while dragging; so the cell is focused here
    const name = cell.getAttribute("data-cell");
    moveCursor(name, false);
    cell.focus({ preventScroll: true });
    const tool = S.tool;
    painting = { kind: tool.kind, value: tool.value, on: toggleTarget(tool.kind, name), last: name };
    S.beginGesture();
    apply(name, tool.kind, tool.value, painting.on);
  }

  function onPointerMove(event) {
    if (!painting) return;
    const name = cellAt(event.clientX, event.clientY);
    if (!name || name === painting.last) return;
    painting.last = name;
    apply(name, painting.kind, painting.value, painting.on);
  }

  function onPointerUp() {
    if (!painting) return;
    painting = null;
    S.endGesture();
  }

  // -- keyboard -----------------------------------------------------------------------------
  function moveCursor(name, focus) {
    G.cursor = name;
    G.render();
    if (focus !== false && cells[name]) cells[name].focus();
  }

  const KEYS_TERRAIN = { v: "V", d: "D", f: "F", m: "M" };

  function onKeyDown(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const doc = S.state.doc;
    if (!doc) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const p = S.position(G.cursor);
    const width = S.width(doc.size);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[key]) {
      const column = Math.min(width - 1, Math.max(0, p.column + moves[key][0]));
      const row = Math.min(4, Math.max(0, p.row + moves[key][1]));
      moveCursor(S.cellName(column, row));
    } else if (key === "Home" || key === "End") {
      moveCursor(S.cellName(key === "Home" ? 0 : width - 1, p.row));
    } else if (G.explain && (key === "n" || key === "p")) {
      S.emit(key === "n" ? "explain-next" : "explain-prev");
    } else if (KEYS_TERRAIN[key]) {
      selectTool("terrain", KEYS_TERRAIN[key]);
      apply(G.cursor, "terrain", KEYS_TERRAIN[key]);
    } else if ("12345".indexOf(key) >= 0 && key.length === 1) {
      selectTool("crop", key);
      apply(G.cursor, "crop", key);
    } else if (key === "0" || key === "." || key === "Delete" || key === "Backspace") {
      apply(G.cursor, "crop", ".");
    } else if (key === "s" || key === "o") {
      const kind = key === "s" ? "start" : "otoma";
      apply(G.cursor, kind, undefined, toggleTarget(kind, G.cursor));
    } else if (key === "Enter" || key === " ") {
      const tool = S.tool;
      apply(G.cursor, tool.kind, tool.value, toggleTarget(tool.kind, G.cursor));
    } else {
      return;
    }
    event.preventDefault();
  }

  /** A key pressed anywhere on the page but a text field or the grid itself (say on a tool
      button just clicked): the grid takes it, except Enter and Space, which press buttons. */
  G.pageKey = function (event) {
    if (event.key === "Enter" || event.key === " ") return;
    onKeyDown(event);
    if (event.defaultPrevented && cells[G.cursor] && document.activeElement !== cells[G.cursor]) {
      cells[G.cursor].focus({ preventScroll: true });
    }
  };

  G.init = function () {
    gridEl = document.getElementById("grid");
    gridEl.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerUp);
    gridEl.addEventListener("keydown", onKeyDown);
    gridEl.addEventListener("focusin", (event) => {
      const cell = event.target.closest(".cell");
      if (cell && cell.getAttribute("data-cell") !== G.cursor) moveCursor(cell.getAttribute("data-cell"), false);
    });
    document.querySelectorAll(".tool").forEach((button) => {
      button.addEventListener("click", () => {
        selectTool(button.getAttribute("data-tool"), button.getAttribute("data-value") || undefined);
      });
    });
    selectTool("terrain", "V");
    S.on("change", G.render); // the verdict panel redraws the grid with each verdict
  };
})();
