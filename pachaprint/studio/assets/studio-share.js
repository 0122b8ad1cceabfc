/* pachaprint studio, share codes: the Share button (the code of the disc being
   edited) and opening a disc from a share code or a tiwanaku-app link. The
   server encodes and decodes (pachaprint/studio/sharing.py). */
"use strict";

(function () {
  const S = window.Studio;
  const $ = (id) => document.getElementById(id);

  let qrUrl = null;

  /** The code; in the site, links to its pages with the code, and a QR code of the table's. */
  async function share() {
    const out = $("share-out");
    try {
      const body = { scenario: S.state.doc, box: S.box };
      if (window.Pachaprint.site) body.base = location.href;
      const found = await S.api("/api/share", body);
      $("share-code").textContent = found.code;
      $("share-code").setAttribute("data-disc", found.disc);
      $("share-links").hidden = !found.links;
      if (found.links) {
        $("share-table").setAttribute("href", found.links.table);
        $("share-studio").setAttribute("href", found.links.studio);
        if (qrUrl) URL.revokeObjectURL(qrUrl);
        qrUrl = URL.createObjectURL(new Blob([found.qr], { type: "image/svg+xml" }));
        $("share-qr").src = qrUrl;
      }
      out.hidden = false;
      // the code appears below the Share button, often below the fold: bring it into view
      out.scrollIntoView({ block: "nearest", behavior: "smooth" });
      $("share-code").focus({ preventScroll: true });
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
    if (!text) return;
    if (S.isDirty() && !window.confirm("Discard the unsaved changes of this map?")) return;
    await S.openCode(text);
  }

  /** Open the disc of a share code (or a tiwanaku-app link) as a new, unsaved map. */
  S.openCode = async function (text) {
    const note = $("code-note");
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
      return true;
    } catch (e) {
      note.textContent = "Not opened: " + e.message;
      S.emit("notice", "The share code did not open: " + e.message);
      return false;
    }
  };

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
