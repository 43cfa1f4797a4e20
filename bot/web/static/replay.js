"use strict";
// A finished game's replay: the public board after any move, stepped with buttons or the slider.
const base = location.pathname.replace(/\/+$/, "");
const $ = (id) => document.getElementById(id);
// The page's words, said in its language by the server (the body's data-words: no inline script).
const words = JSON.parse(document.body.dataset.words || "{}");
function word(name, params) {
  return (words[name] || name).replace(/\{(\w+)\}/g, (whole, field) =>
    params && field in params ? String(params[field]) : whole);
}
let move = null, total = 0, loading = false;

async function show(wanted) {
  if (loading) return;
  loading = true;
  const query = wanted === null ? "" : "?move=" + wanted;
  try {
    const response = await fetch(base + "/frame" + query, {cache: "no-store"});
    const body = await response.json();
    if (!response.ok) {
      $("where").textContent = body.error || word("replay_unavailable");
      return;
    }
    move = body.move;
    total = body.total;
    $("title").textContent = word("replay_of_table", {table: body.table});
    $("where").textContent = word("move_of", {move: move, total: total});
    $("frame-text").textContent = body.text;
    const img = $("frame-img");
    img.hidden = !body.picture;
    if (body.picture) img.src = base + "/frame.png?move=" + move;
    const slider = $("slider");
    slider.max = String(total);
    slider.value = String(move);
    document.body.dataset.move = String(move);
  } finally {
    loading = false;
  }
}

$("first").addEventListener("click", () => show(0));
$("back").addEventListener("click", () => show(Math.max(0, move - 1)));
$("next").addEventListener("click", () => show(Math.min(total, move + 1)));
$("last").addEventListener("click", () => show(total));
$("slider").addEventListener("change", () => show(Number($("slider").value)));
show(null);
