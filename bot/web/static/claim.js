"use strict";
// A seat link is /s#<token>: the token is in the fragment, which the browser never sends to a
// server or puts in a Referer. It is posted once, exchanged for the seat's cookie, and wiped
// from the address bar and history.
// The page's words, said in its language by the server (the body's data-words: no inline script).
const words = JSON.parse(document.body.dataset.words || "{}");
function word(name, params) {
  return (words[name] || name).replace(/\{(\w+)\}/g, (whole, field) =>
    params && field in params ? String(params[field]) : whole);
}
(async function claim() {
  const out = document.getElementById("claim");
  const token = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", location.pathname);
  if (!token) {
    out.textContent = word("link_incomplete");
    return;
  }
  try {
    const response = await fetch("/s", {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({token: token}),
    });
    const body = await response.json();
    if (!response.ok) {
      out.textContent = body.error || word("link_refused");
      out.className = "alert";
      return;
    }
    location.replace(body.to);
  } catch (error) {
    out.textContent = word("claim_unreachable");
  }
})();
