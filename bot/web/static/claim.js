"use strict";
// A seat link is /s#<token>: the token is in the fragment, which the browser never sends to a
// server or puts in a Referer. It is posted once, exchanged for the seat's cookie, and wiped
// from the address bar and history.
(async function claim() {
  const out = document.getElementById("claim");
  const token = decodeURIComponent(location.hash.slice(1));
  history.replaceState(null, "", location.pathname);
  if (!token) {
    out.textContent = "This link is incomplete: open the whole link from /game web.";
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
      out.textContent = body.error || "This link was refused.";
      out.className = "alert";
      return;
    }
    location.replace(body.to);
  } catch (error) {
    out.textContent = "The table could not be reached; try the link again.";
  }
})();
