/* pachaprint studio, share codes: the Share button (the code of the disc being
   edited) and opening a disc from a share code or a tiwanaku-app link. The
   server encodes and decodes (pachaprint/studio/sharing.py). */
"use strict";

(function () {
  const S = window.Studio;
  const $ = (id) => document.getElementById(id);

  async function share() {
    const out = $("share-out");
    try {
      const found = await S.api("/api/share", { scenario: S.state.doc, box: S.box });
      $("share-code").textContent = found.code;
      $("share-code").setAttribute("data-disc", found.disc);
      out.hidden = false;
    } catch (e) {
      out.hidden = true;
      S.emit("notice", "No share code: " + e.message);
    }
  }

  async function copy() {
    const text = $("share-code").textContent;
    try {
      await navigator.clipboard.writeText(text);
      $("share-copy").textContent = "Copied";
    } catch (e) {
      window.getSelection().selectAllChildren($("share-code"));
      $("share-copy").textContent = "Select and copy";
    }
  }

  async function openCode(event) {
    event.preventDefault();
    const text = $("code-input").value.trim();
    const note = $("code-note");
    if (!text) return;
    if (S.isDirty() && !window.confirm("Discard the unsaved changes of this map?")) return;
    try {
      const made = await S.api("/api/import", { code: text, box: S.box });
      S.closeExplain();
      if (S.session.mode === "folder") {
        S.load({ file: made.file, scenario: made.scenario, hash: null, exists: false, unsaved: true });
      } else {
        S.edit((doc) => {
          ["name", "size", "terrain", "crops", "start", "notes"].forEach((key) => { doc[key] = made.scenario[key]; });
          if (made.scenario.solo) doc.solo = made.scenario.solo;
          else delete doc.solo;
          return true;
        }, "import");
      }
      note.textContent = "Opened " + made.scenario.name + ": not saved yet." +
        (made.notes.length ? " " + made.notes.join(" ") : "");
      $("code-input").value = "";
    } catch (e) {
      note.textContent = "Not opened: " + e.message;
    }
  }

  function onVerdict(verdict) {
    $("share").disabled = !verdict.valid;
    if (!verdict.valid) $("share-out").hidden = true;
  }

  function init() {
    $("share").addEventListener("click", share);
    $("share-copy").addEventListener("click", copy);
    $("code-form").addEventListener("submit", openCode);
    S.on("verdict", onVerdict);
    S.on("change", (info) => {
      if (info && info.reason === "saved") return;
      $("share-out").hidden = true;
      $("share-copy").textContent = "Copy";
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
