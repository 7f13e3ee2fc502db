// newstrace: filtering of the story and speaker lists, and opening what a link targets. No network, no eval.
(function () {
  "use strict";
  var index = {};
  var data = document.getElementById("nt-index");
  if (data) {
    try { index = JSON.parse(data.textContent || "{}"); } catch (e) { index = {}; }
  }
  function norm(s) {
    return (s || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  // Rows hidden when they do not contain every word of the query; the text searched is the
  // story's index entry (headline, outlets, speakers, entities) or the row's own text.
  function filterRows(query) {
    var words = norm(query).split(/\s+/).filter(Boolean);
    var tables = document.querySelectorAll("table.filterable");
    for (var t = 0; t < tables.length; t++) {
      var rows = tables[t].tBodies[0] ? tables[t].tBodies[0].rows : [];
      var shown = 0;
      for (var i = 0; i < rows.length; i++) {
        var key = rows[i].getAttribute("data-key");
        var text = norm(key && index.stories && index.stories[key] ? index.stories[key] : rows[i].textContent);
        var ok = words.every(function (w) { return text.indexOf(w) !== -1; });
        rows[i].hidden = !ok;
        if (ok) shown++;
      }
      var counter = document.querySelector("[data-count-for='" + tables[t].id + "']");
      if (counter) counter.textContent = words.length ? shown + " shown" : "";
    }
  }
  var box = document.getElementById("q");
  if (box) {
    box.addEventListener("input", function () { filterRows(box.value); });
    var form = box.form;
    if (form) form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      if (location.hash) { history.pushState(null, "", location.pathname + location.search); }
      filterRows(box.value);
      var idx = document.getElementById("index");
      if (idx) idx.scrollIntoView();
    });
  }
  function openTarget() {
    var id = decodeURIComponent((location.hash || "").slice(1));
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    if (el.tagName === "DETAILS") el.open = true;
    el.scrollIntoView({ block: "start" });
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
