/* pachaprint studio, part 3: the verdict, the problem list and the authoring help
   (fill the crops, settle an ambiguous map, step through the deductions, generate). */
"use strict";

(function () {
  const S = window.Studio;
  const G = S.grid;
  const $ = (id) => document.getElementById(id);

  // The advice of a problem is a button of the page (pachaprint/studio/authoring.py
  // ACTIONS), the same as the Help panel's: never a command to type.
  const ACTION_LABELS = {
    fill: "Fill crops from the start cells",
    explain: "Step through the deductions",
    settle: "Add these start cells",
  };

  function actionButtons(problem) {
    const row = document.createElement("span");
    row.className = "problem-actions";
    const add = (label, run, className, title) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = className || "";
      button.setAttribute("data-do", problem.action);
      if (title) button.title = title;
      if (typeof label === "string") button.textContent = label;
      else button.appendChild(label);
      button.addEventListener("click", (event) => { event.stopPropagation(); run(); });
      button.addEventListener("keydown", (event) => event.stopPropagation());
      row.appendChild(button);
    };
    if (problem.action === "digit") {
      const cell = problem.cells[0];
      (problem.digits || []).forEach((digit) => {
        const chip = document.createElement("span");
        chip.className = "chip c-" + digit;
        chip.textContent = String(digit);
        add(chip, () => giveDigit(cell, String(digit)), "digit", "Crop " + digit + " (" + S.CROPS[digit] + ") at " + cell);
      });
    } else if (ACTION_LABELS[problem.action]) {
      const run = { fill: fillCrops, explain: openExplain, settle: applySuggestion }[problem.action];
      add(ACTION_LABELS[problem.action], run);
    }
    return row.childElementCount ? row : null;
  }

  function giveDigit(cell, digit) {
    S.edit((doc) => S.change.crop(doc, cell, digit), "digit");
  }

  function item(className, rule, cells, marker, message) {
    const li = document.createElement("li");
    li.className = className;
    li.tabIndex = 0;
    li.setAttribute("data-rule", rule);
    li.setAttribute("data-cells", cells.join(" "));
    const mark = document.createElement("span");
    mark.className = "marker";
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = marker;
    const code = document.createElement("code");
    code.className = "rule";
    code.textContent = rule;
    const text = document.createElement("span");
    text.className = "message";
    text.textContent = message;
    li.append(mark, code, text);
    return li;
  }

  // -- the verdict ---------------------------------------------------------------------
  let pinned = null;

  function showFocus(cells) {
    G.focus = new Set(cells);
    G.render();
  }

  function bindFocus(li, cells) {
    li.addEventListener("mouseenter", () => showFocus(cells));
    li.addEventListener("focus", () => showFocus(cells));
    const release = () => showFocus(pinned ? pinned.cells : []);
    li.addEventListener("mouseleave", release);
    li.addEventListener("blur", release);
    li.addEventListener("keydown", (event) => {
      if (event.target !== li) return; // a button inside takes its own keys
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); li.click(); }
    });
    li.addEventListener("click", () => {
      const same = pinned && pinned.li === li;
      document.querySelectorAll(".problem.pinned").forEach((el) => el.classList.remove("pinned"));
      pinned = same ? null : { li: li, cells: cells };
      if (pinned) li.classList.add("pinned");
      showFocus(pinned ? cells : []);
    });
  }

  function fillList(list, problems, className, marker) {
    list.textContent = "";
    problems.forEach((p) => {
      const li = item(className, p.rule, p.cells, marker, p.message);
      const actions = actionButtons(p);
      if (actions) li.appendChild(actions);
      bindFocus(li, p.cells);
      list.appendChild(li);
    });
  }

  function banner(verdict) {
    const box = $("verdict");
    box.textContent = "";
    const mark = document.createElement("span");
    mark.className = "verdict-mark";
    mark.setAttribute("aria-hidden", "true");
    const text = document.createElement("strong");
    const detail = document.createElement("span");
    detail.className = "verdict-detail";
    const errors = verdict.errors.length;
    const painting = verdict.errors.some((p) => p.rule === "unpainted");
    // a step still to take is no problem of the map: cells to paint, start cells to mark
    const steps = verdict.errors.filter((p) => p.rule === "unpainted" || (p.rule === "start" && !p.cells.length));
    if (!verdict.ready && steps.length === errors) {
      box.className = "verdict pending";
      mark.textContent = "\u25CC";
      text.textContent = painting ? "Paint every cell to check the rules" : "Mark the start cells to check the rules";
    } else if (verdict.valid) {
      box.className = "verdict ok";
      mark.textContent = "\u2714";
      text.textContent = "Valid: one crop layer fits";
      if (verdict.difficulty) detail.textContent = "difficulty " + verdict.difficulty;
    } else {
      box.className = "verdict bad";
      mark.textContent = "\u2716";
      text.textContent = errors + " problem" + (errors === 1 ? "" : "s");
      if (verdict.status === "multiple") detail.textContent = "several crop layers fit";
      else if (verdict.status === "none") detail.textContent = "no crop layer fits";
    }
    const time = document.createElement("span");
    time.className = "verdict-time";
    time.textContent = "checked in " + verdict.ms + " ms";
    box.append(mark, text, detail, time);
    box.setAttribute("data-valid", String(!!verdict.valid));
  }

  function showGuide(verdict) {
    const guide = $("guide");
    guide.hidden = !verdict.guide;
    guide.textContent = verdict.guide || "";
    const terrain = $("terrain-check");
    terrain.hidden = !verdict.terrain;
    if (!verdict.terrain) return;
    terrain.className = "terrain-check " + (verdict.terrain.solvable ? "ok" : "bad");
    terrain.setAttribute("data-solvable", String(verdict.terrain.solvable));
    terrain.querySelector(".terrain-mark").textContent = verdict.terrain.solvable ? "\u2714" : "\u2716";
    terrain.querySelector(".terrain-text").textContent = verdict.terrain.message;
  }

  function showVerdict(verdict) {
    banner(verdict);
    showGuide(verdict);
    const keep = pinned ? pinned.li.getAttribute("data-rule") + "|" + pinned.li.getAttribute("data-cells") : null;
    pinned = null;
    fillList($("problems"), verdict.errors, "problem error", "!");
    fillList($("warnings"), verdict.warnings, "problem warning", "\u25B3");
    let focus = [];
    if (keep) {
      document.querySelectorAll(".problem").forEach((li) => {
        if (li.getAttribute("data-rule") + "|" + li.getAttribute("data-cells") === keep) {
          pinned = { li: li, cells: li.getAttribute("data-cells").split(" ").filter(Boolean) };
          li.classList.add("pinned");
          focus = pinned.cells;
        }
      });
    }
    G.focus = new Set(focus);
    const grade = $("difficulty");
    grade.textContent = verdict.difficulty || "\u2013";
    grade.className = "grade" + (verdict.difficulty ? " grade-" + verdict.difficulty : "");
    $("fill-crops").disabled = !verdict.solution;
    $("explain-open").disabled = !verdict.ready;
    showSuggestion(verdict.suggestion);
    showStats(verdict.stats);
    G.render();
  }

  function showStats(stats) {
    const line = $("stats");
    if (!stats || !stats.terrain) { line.textContent = ""; return; }
    const t = stats.terrain;
    const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
    line.textContent = plural(stats.regions, "region") + " \u00B7 " + plural(stats.start_cells, "start cell") +
      " \u00B7 tiles V\u00A0" + t.V + ", D\u00A0" + t.D + ", F\u00A0" + t.F + ", M\u00A0" + t.M;
  }

  // -- help -----------------------------------------------------------------------------
  function showSuggestion(suggestion) {
    const box = $("suggestion");
    const cells = suggestion ? Object.keys(suggestion) : [];
    box.hidden = cells.length === 0;
    if (!cells.length) return;
    const list = cells.map((c) => c + " (" + suggestion[c] + ")").join(", ");
    $("suggestion-text").textContent = "Several crop layers fit. Adding the start cell" + (cells.length === 1 ? " " : "s ") +
      list + " makes the map unique.";
    box.setAttribute("data-cells", cells.join(" "));
  }

  function applySuggestion() {
    const suggestion = S.verdict && S.verdict.suggestion;
    if (!suggestion) return;
    S.edit((doc) => {
      let changed = false;
      Object.keys(suggestion).forEach((cell) => {
        changed = S.change.crop(doc, cell, String(suggestion[cell])) || changed;
        changed = S.change.start(doc, cell, true) || changed;
      });
      return changed;
    }, "suggestion");
  }

  function fillCrops() {
    const solution = S.verdict && S.verdict.solution;
    if (!solution) return;
    S.edit((doc) => {
      const same = JSON.stringify(doc.crops) === JSON.stringify(solution);
      doc.crops = solution.slice();
      return !same;
    }, "fill");
  }

  // -- stepping through the deductions -------------------------------------------------------
  let explained = null;
  let step = 0;

  function explainView() {
    const data = explained;
    const names = S.cellNames(S.state.doc.size);
    const index = {};
    names.forEach((name, i) => { index[name] = i; });
    const current = step === 0 ? null : data.steps[step - 1];
    return {
      index: index,
      candidates: current ? current.candidates : data.initial,
      placed: new Set(current ? current.placed : data.placed),
      changed: new Set(current ? current.cells : []),
      because: new Set(current ? current.because : []),
    };
  }

  function showStep() {
    const total = explained.steps.length;
    const current = step === 0 ? null : explained.steps[step - 1];
    G.explain = explainView();
    G.render();
    $("explain-count").textContent = step === 0 ? "Start position" : "Step " + step + " of " + total;
    $("explain-tier").textContent = current ? current.tier + " \u00B7 " + current.technique : "";
    let text;
    if (!current) {
      text = total
        ? "The start cells' crops are given (" + explained.givens.join(", ") + "). Press Next for the first deduction."
        : "No deduction applies from the start cells.";
    } else {
      text = current.text;
    }
    if (step === total && total) {
      text += explained.complete
        ? " \u2014 Every crop is now known: difficulty " + explained.difficulty + "."
        : " \u2014 The named deductions stop here: a player would have to guess.";
    }
    $("explain-text").textContent = text;
    $("explain-first").disabled = $("explain-prev").disabled = step === 0;
    $("explain-next").disabled = $("explain-last").disabled = step === total;
  }

  function go(to) {
    if (!explained) return;
    step = Math.max(0, Math.min(explained.steps.length, to));
    showStep();
  }

  async function openExplain() {
    try {
      explained = await S.api("/api/explain", { scenario: S.state.doc });
    } catch (e) {
      S.emit("notice", "Cannot explain: " + e.message);
      return;
    }
    step = 0;
    $("explain-bar").hidden = false;
    showStep();
    $("explain-next").focus();
  }

  function closeExplain() {
    if (!explained && !G.explain) return;
    explained = null;
    G.explain = null;
    $("explain-bar").hidden = true;
    G.render();
  }
  S.closeExplain = closeExplain;

  // -- generating ------------------------------------------------------------------------------
  async function generate() {
    const button = $("generate");
    const size = $("gen-size").value;
    const difficulty = $("gen-difficulty").value;
    if (S.session.mode === "folder" && S.isDirty() && !window.confirm("Discard the unsaved changes of this map?")) return;
    button.disabled = true;
    $("generate-note").textContent = "Generating a " + difficulty + " " + size + " map\u2026";
    try {
      const made = await S.api("/api/generate", { size: size, difficulty: difficulty });
      closeExplain();
      if (S.session.mode === "folder") {
        S.load({ file: made.file, scenario: made.scenario, hash: null, exists: false, unsaved: true });
      } else {
        S.edit((doc) => {
          ["size", "terrain", "crops", "start"].forEach((key) => { doc[key] = made.scenario[key]; });
          if (made.scenario.solo) doc.solo = made.scenario.solo;
          else delete doc.solo;
          if (!doc.notes) doc.notes = made.scenario.notes;
          return true;
        }, "generate");
      }
      $("generate-note").textContent = "A " + difficulty + " " + size + " map from seed " + made.seed +
        " (its notes say how to make it again).";
    } catch (e) {
      $("generate-note").textContent = "Not generated: " + e.message;
    } finally {
      button.disabled = false;
    }
  }

  S.panels = {
    init() {
      $("fill-crops").addEventListener("click", fillCrops);
      $("apply-suggestion").addEventListener("click", applySuggestion);
      const suggestion = $("suggestion");
      suggestion.addEventListener("mouseenter", () => showFocus((suggestion.getAttribute("data-cells") || "").split(" ").filter(Boolean)));
      suggestion.addEventListener("mouseleave", () => showFocus(pinned ? pinned.cells : []));
      $("explain-open").addEventListener("click", openExplain);
      $("explain-close").addEventListener("click", closeExplain);
      $("explain-first").addEventListener("click", () => go(0));
      $("explain-prev").addEventListener("click", () => go(step - 1));
      $("explain-next").addEventListener("click", () => go(step + 1));
      $("explain-last").addEventListener("click", () => go(Infinity));
      $("generate").addEventListener("click", generate);
      S.on("explain-close", closeExplain);
      S.on("explain-next", () => go(step + 1));
      S.on("explain-prev", () => go(step - 1));
      S.on("verdict", showVerdict);
      S.on("load", closeExplain);
      S.on("change", (info) => { if (info.reason === "history") closeExplain(); });
    },
  };
})();
