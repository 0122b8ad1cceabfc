/* pachaprint studio, part 4: the scenario's details, previews and prints, the
   library, saving, and starting the page. */
"use strict";

(function () {
  const S = window.Studio;
  const $ = (id) => document.getElementById(id);
  const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
  S.session = { mode: "file" };

  function notice(message, kind) {
    const line = $("save-status");
    line.textContent = message;
    line.className = "save-status" + (kind ? " " + kind : "");
  }
  S.on("notice", (message) => notice(message, "error"));
  // what the line says belongs to the map it was said of: another map starts it afresh,
  // and an edit after a save makes "Saved ..." untrue
  S.on("load", () => notice(""));
  S.on("change", (info) => {
    if (info.reason !== "saved" && info.reason !== "load" && S.isDirty() && $("save-status").textContent.startsWith("Saved ")) notice("");
  });

  // -- the header and the details form ---------------------------------------------------
  const FIELDS = { "f-name": "name", "f-id": "id", "f-author": "author", "f-notes": "notes" };

  function showHeader() {
    const doc = S.state.doc;
    $("doc-name").textContent = doc.name || "(no name yet)";
    $("doc-file").textContent = S.state.file || "";
    const dirty = S.isDirty();
    $("dirty").hidden = !dirty;
    $("draft").hidden = !S.isDraft();
    $("undo").disabled = !S.canUndo();
    $("redo").disabled = !S.canRedo();
    document.title = (dirty ? "\u25CF " : "") + (doc.name || S.state.file || "new map") + " \u2014 pachaprint studio";
    document.documentElement.setAttribute("data-doc-version", String(S.state.version));
  }

  function showFields(info) {
    const doc = S.state.doc;
    if (info && info.reason === "field") return;
    Object.keys(FIELDS).forEach((id) => {
      const value = doc[FIELDS[id]];
      $(id).value = typeof value === "string" ? value : "";
    });
    $("f-size").value = doc.size;
    if (info && info.reason === "load") $("gen-size").value = doc.size;
  }

  // -- renaming: a new name offers its id, and in a folder the file's name -----------------------
  let nameEdited = false;

  function offerRename(verdict) {
    const box = $("rename-offer");
    const doc = S.state.doc;
    const wanted = verdict.id_for_name;
    if (!nameEdited || !wanted || !doc || wanted === doc.id) {
      box.hidden = true;
      return;
    }
    const file = wanted + ".json";
    let text;
    if (S.session.mode !== "folder") text = "Change the id to \u201C" + wanted + "\u201D? (The file keeps its name, " + S.state.file + ".)";
    else if (S.state.exists) text = "Rename the id to \u201C" + wanted + "\u201D and the file to " + file + "?";
    else text = "Use the id \u201C" + wanted + "\u201D? The file will be " + file + ".";
    $("rename-text").textContent = text;
    box.setAttribute("data-id", wanted);
    box.hidden = false;
  }

  async function acceptRename() {
    const box = $("rename-offer");
    const wanted = box.getAttribute("data-id");
    nameEdited = false;
    box.hidden = true;
    if (!wanted) return;
    const state = S.state;
    const file = wanted + ".json";
    const onDisk = S.session.mode === "folder" && state.exists && state.file !== file;
    if (onDisk) {
      // the file first: if its new name is taken, neither the file nor the id changes
      try {
        const done = await S.api("/api/rename", { file: state.file, to: file, hash: state.hash });
        state.file = done.file;
        state.hash = done.hash;
        history.replaceState(null, "", "#file=" + encodeURIComponent(done.file));
      } catch (e) {
        notice("Not renamed: " + e.message + " The id stays \u201C" + state.doc.id + "\u201D.", "error");
        return;
      }
    }
    S.edit((doc) => {
      if (doc.id === wanted) return false;
      doc.id = wanted;
      return true;
    }, "rename");
    if (onDisk) await save(false); // the file now holds its new id too
    else showHeader();
  }

  function onField(event) {
    const key = FIELDS[event.target.id];
    if (key === "name") nameEdited = true;
    const value = event.target.value;
    S.beginGesture();
    S.edit((doc) => {
      if ((doc[key] || "") === value) return false;
      doc[key] = value;
      return true;
    }, "field");
  }

  function onResize() {
    const size = $("f-size").value;
    const doc = S.state.doc;
    const loss = S.resizeLoss(doc, size);
    if (loss && !window.confirm("Making the map " + size + " removes " + loss + ". Go on?")) {
      $("f-size").value = doc.size;
      return;
    }
    S.edit((d) => S.change.resize(d, size), "resize");
  }

  function followId() {
    // A map not saved yet in a folder is named after its id.
    const state = S.state;
    if (S.session.mode === "folder" && !state.exists && ID.test(state.doc.id || "")) state.file = state.doc.id + ".json";
  }

  // -- previews and prints --------------------------------------------------------------------
  const PREVIEWS = { "disc-front": "preview-front", "disc-front-volvelle45": "preview-volvelle", "disc-back": "preview-back" };
  const urls = {};
  let previewTimer = null;
  let previewVersion = -1;

  function hidePreviews(message) {
    Object.values(PREVIEWS).forEach((id) => { $(id).hidden = true; });
    document.querySelector(".previews").hidden = true;
    document.querySelector(".previews-note").hidden = true;
    $("preview-note").hidden = false;
    $("preview-note").textContent = message;
  }

  /** The previews' grid in place of the note (the pictures fill their squares as they come). */
  function showPreviews() {
    $("preview-note").hidden = true;
    document.querySelector(".previews").hidden = false;
    document.querySelector(".previews-note").hidden = false;
  }

  async function refreshPreviews() {
    const version = S.state.version;
    if (version === previewVersion) return;
    try {
      const answer = await S.api("/api/preview", { scenario: S.state.doc, box: S.box });
      if (version !== S.state.version) return;
      previewVersion = version;
      Object.keys(PREVIEWS).forEach((stem) => {
        const img = $(PREVIEWS[stem]);
        if (urls[stem]) URL.revokeObjectURL(urls[stem]);
        urls[stem] = URL.createObjectURL(new Blob([answer.svgs[stem]], { type: "image/svg+xml" }));
        img.src = urls[stem];
        img.hidden = false;
      });
      showPreviews();
      const dialog = $("preview-dialog");
      if (dialog.open) $("preview-large").src = $(dialog.getAttribute("data-from")).src;
    } catch (e) {
      hidePreviews("No preview: " + e.message);
    }
  }

  function onVerdict(verdict) {
    const valid = verdict.valid;
    $("print-pdf").disabled = $("wheel-html").disabled = $("render-download").disabled = !valid;
    clearTimeout(previewTimer);
    if (!valid) {
      previewVersion = -1;
      hidePreviews("The previews appear once the scenario is valid.");
      return;
    }
    // The pictures' places show at once, so that the page below them does not move when
    // they come (a share code just made stays in view).
    showPreviews();
    // In the site the worker draws the previews and checks the map in turn: wait for a
    // pause in the editing, so that a preview never holds up the next verdict.
    previewTimer = setTimeout(refreshPreviews, window.Pachaprint.site ? 1500 : 250);
  }

  function enlarge(button) {
    const img = button.querySelector("img");
    if (!img || img.hidden || !img.src) return;
    const dialog = $("preview-dialog");
    $("preview-large").src = img.src;
    $("preview-large").alt = img.alt;
    $("preview-caption").textContent = button.parentElement.querySelector("figcaption").textContent;
    dialog.setAttribute("data-from", img.id);
    dialog.showModal();
  }

  async function fetchFile(path, extra, what) {
    try {
      const file = await S.download(path, Object.assign({ scenario: S.state.doc, box: S.box }, extra));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(file.blob);
      link.download = file.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      notice(what + " ready: " + file.name);
    } catch (e) {
      notice(what + " not made: " + e.message, "error");
    }
  }

  async function renderFile() {
    await fetchFile("/api/render", {
      file: $("render-file").value, wheel: $("render-wheel").value,
      paper: $("paper").value, lang: $("render-lang").value,
    }, "File");
  }

  // -- files in and out of this device ---------------------------------------------------------
  async function openPicked() {
    const input = $("open-file");
    const picked = input.files && input.files[0];
    input.value = "";
    if (!picked || !leaveOk()) return;
    try {
      const made = await S.api("/api/read", { text: await picked.text() });
      S.load({ file: made.file, scenario: made.scenario, hash: null, exists: false, unsaved: true });
      notice("Opened " + picked.name + " as " + made.file + ": not saved here yet.");
    } catch (e) {
      notice("Cannot open " + picked.name + ": " + e.message + (e.problems.length ? " \u2014 " + e.problems[0].message : ""), "error");
    }
  }

  // -- the library ------------------------------------------------------------------------------
  function badge(text, className) {
    const el = document.createElement("span");
    el.className = "tag " + className;
    el.textContent = text;
    return el;
  }

  async function showLibrary() {
    if (S.session.mode !== "folder") return;
    let answer;
    try { answer = await S.api("/api/library"); } catch (e) { notice("Cannot list the folder: " + e.message, "error"); return; }
    const list = $("library");
    list.textContent = "";
    if (!answer.scenarios.length) {
      const empty = document.createElement("li");
      empty.className = "empty";
      empty.textContent = "No scenario files here yet.";
      list.appendChild(empty);
    }
    answer.scenarios.forEach((entry) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "entry";
      button.setAttribute("data-file", entry.file);
      if (entry.file === S.state.file) button.setAttribute("aria-current", "true");
      const title = document.createElement("strong");
      title.textContent = entry.name || entry.id || entry.file;
      const file = document.createElement("small");
      file.textContent = entry.file;
      const tags = document.createElement("span");
      tags.className = "tags";
      if (entry.draft) tags.appendChild(badge("\u270E draft", "draft"));
      else tags.appendChild(entry.valid ? badge("\u2714 valid", "ok") : badge("\u2716 " + (entry.rules || []).join(", "), "bad"));
      if (entry.size) tags.appendChild(badge(entry.size, "size"));
      if (entry.difficulty) tags.appendChild(badge(entry.difficulty, "grade grade-" + entry.difficulty));
      button.append(title, file, tags);
      if (entry.message) button.title = entry.message;
      button.addEventListener("click", () => openFile(entry.file));
      li.appendChild(button);
      list.appendChild(li);
    });
  }

  function leaveOk() {
    return !S.isDirty() || window.confirm("Discard the unsaved changes of " + (S.state.file || "this map") + "?");
  }

  async function openFile(file) {
    if (file === S.state.file && S.state.exists) return;
    if (!leaveOk()) return;
    try {
      S.load(await S.api("/api/open?file=" + encodeURIComponent(file)));
      history.replaceState(null, "", "#file=" + encodeURIComponent(file));
      notice("");
      showLibrary();
    } catch (e) {
      notice("Cannot open " + file + ": " + e.message + (e.problems.length ? " \u2014 " + e.problems[0].message : ""), "error");
    }
  }

  async function newBlank(size) {
    if (!leaveOk()) return;
    try {
      const made = await S.api("/api/new", { size: size });
      S.load({ file: made.file, scenario: made.scenario, hash: null, exists: false });
      showLibrary();
    } catch (e) {
      notice("Cannot create a map: " + e.message, "error");
    }
  }

  // -- saving ------------------------------------------------------------------------------------
  async function save(force) {
    const state = S.state;
    if (!state.doc || !state.file) return;
    S.endGesture();
    const button = $("save");
    button.disabled = true;
    try {
      const saved = await S.api("/api/save", {
        file: state.file, scenario: state.doc, hash: state.hash, create: !state.exists, force: !!force,
      });
      S.markSaved(saved.file, saved.hash);
      history.replaceState(null, "", "#file=" + encodeURIComponent(saved.file));
      const size = (saved.bytes / 1024).toFixed(1) + " KB";
      const cells = saved.unpainted + " cell" + (saved.unpainted === 1 ? "" : "s");
      if (saved.draft) {
        notice("Saved " + saved.file + " (" + size + ") as a draft: " + cells + " still need" + (saved.unpainted === 1 ? "s" : "") +
          " a terrain. Builds and validate skip drafts until every cell is painted.");
      } else {
        notice("Saved " + saved.file + " (" + size + ")" + (saved.valid ? ", valid." : ", not valid yet: " + saved.errors + " problem" + (saved.errors === 1 ? "" : "s") + "."), saved.valid ? "ok" : "");
      }
      showLibrary();
    } catch (e) {
      if (e.status === 409 && state.exists && !force && window.confirm(e.message + "\n\nOverwrite the file on disk?")) {
        button.disabled = false;
        return save(true);
      }
      notice(e.message + (e.problems.length && e.problems[0].message !== e.message ? " (" + e.problems[0].message + ")" : ""), "error");
    } finally {
      button.disabled = false;
    }
  }

  // -- keys for the whole page ---------------------------------------------------------------------
  function onGlobalKey(event) {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
    const key = event.key.toLowerCase();
    const inGrid = event.target.closest && event.target.closest("#grid");
    if (!typing && !inGrid && !$("preview-dialog").open && !event.ctrlKey && !event.metaKey && !event.altKey) {
      S.grid.pageKey(event); // keys still paint after a click on any button
      if (event.defaultPrevented) return;
    }
    if ((event.ctrlKey || event.metaKey) && key === "s") {
      event.preventDefault();
      save(false);
    } else if ((event.ctrlKey || event.metaKey) && !typing && (key === "z" || key === "y")) {
      event.preventDefault();
      if (key === "y" || event.shiftKey) S.redo();
      else S.undo();
    } else if (key === "escape") {
      S.closeExplain();
    }
  }

  // -- start -----------------------------------------------------------------------------------------
  async function start() {
    S.grid.init();
    S.panels.init();
    S.on("change", showHeader);
    S.on("change", showFields);
    S.on("change", followId);
    S.on("change", (info) => { if (info.reason !== "saved") clearTimeout(previewTimer); });
    S.on("verdict", onVerdict);
    S.on("verdict", offerRename);
    S.on("load", () => { nameEdited = false; $("rename-offer").hidden = true; });
    $("rename-yes").addEventListener("click", acceptRename);
    $("rename-no").addEventListener("click", () => { nameEdited = false; $("rename-offer").hidden = true; });
    document.querySelectorAll(".preview-open").forEach((button) => button.addEventListener("click", () => enlarge(button)));
    $("preview-close").addEventListener("click", () => $("preview-dialog").close());
    $("preview-dialog").addEventListener("click", (event) => { if (event.target === $("preview-dialog")) $("preview-dialog").close(); });
    S.on("verdict", () => document.documentElement.setAttribute("data-ready", "true"));
    Object.keys(FIELDS).forEach((id) => {
      $(id).addEventListener("input", onField);
      $(id).addEventListener("change", () => S.endGesture());
    });
    $("f-size").addEventListener("change", onResize);
    $("f-box").addEventListener("change", () => { S.box = $("f-box").value; S.check(); });
    $("undo").addEventListener("click", S.undo);
    $("redo").addEventListener("click", S.redo);
    $("save").addEventListener("click", () => save(false));
    $("print-pdf").addEventListener("click", () => fetchFile("/api/print", { paper: $("paper").value }, "Print PDF"));
    $("wheel-html").addEventListener("click", () => fetchFile("/api/wheel", {}, "Digital wheel"));
    $("render-download").addEventListener("click", renderFile);
    $("export-json").addEventListener("click", () => fetchFile("/api/export", {}, "JSON file"));
    $("open-file").addEventListener("change", openPicked);
    $("new-tiny").addEventListener("click", () => newBlank("tiny"));
    $("new-long").addEventListener("click", () => newBlank("long"));
    document.addEventListener("keydown", onGlobalKey);
    window.addEventListener("hashchange", () => {
      const wanted = /^#file=(.+)$/.exec(location.hash);
      if (wanted && S.session.mode === "folder") openFile(decodeURIComponent(wanted[1]));
    });
    window.addEventListener("beforeunload", (event) => {
      if (S.isDirty()) { event.preventDefault(); event.returnValue = ""; }
    });
    try {
      S.session = await S.api("/api/session");
    } catch (e) {
      notice(e.message, "error");
      return;
    }
    $("path").textContent = S.session.path;
    if (S.session.mode === "folder") {
      $("library-panel").hidden = false;
      $("layout").classList.add("with-library");
      await showLibrary();
      const wanted = /^#file=(.+)$/.exec(location.hash);
      const code = /^#(?!file=)(.+)$/.exec(location.hash);
      const first = document.querySelector("#library .entry");
      if (wanted) await openFile(decodeURIComponent(wanted[1]));
      else if (code && await S.openCode(decodeURIComponent(code[1]))) { /* a new, unsaved map */ }
      else if (first) await openFile(first.getAttribute("data-file"));
      if (!S.state.doc) await newBlank("long");
    } else {
      $("new-tiny").hidden = $("new-long").hidden = true;
      await openFile(S.session.file);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
