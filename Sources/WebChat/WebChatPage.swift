/// The family web chat page: HTML and CSS here, its script in ``WebChatScript`` (served as
/// `/app.js`, so the Content-Security-Policy allows no inline script). Nothing is loaded from
/// the internet and there is no build step. The same page answers `/` and `/join#CODE`.
enum WebChatPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1f2547">
<meta name="referrer" content="no-referrer">
<title>Magical Stories</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body class="outside">
<header>
  <h1><span aria-hidden="true">🌙</span> <span class="brand">Magical Stories</span><span id="roomLabel" hidden><span class="brand" aria-hidden="true"> · </span><span id="room"></span></span></h1>
  <span id="status" role="status">offline</span>
  <button id="who" type="button" aria-label="Who am I?" title="Who am I?">👤</button>
</header>
<section id="door" hidden aria-label="Join a family story room">
  <form id="joinForm" autocomplete="off">
    <h2>Welcome to a family story room</h2>
    <p id="doorText">This room is private: you come in with the invite link a grown-up sent you.</p>
    <label id="inviteRow">Invite link<input id="inviteInput" maxlength="300" placeholder="…/join#…"></label>
    <div id="switchRoom" hidden>
      <p id="switchText"></p>
      <div class="buttons"><button type="button" id="switchStay">Stay</button> <button type="button" id="switchJoin" class="primary">Join</button></div>
    </div>
    <label id="nameRow">Your name<input id="nameInput" maxlength="40" required placeholder="Mia, Grandpa Joe, 家族のママ…"></label>
    <div id="doorError" role="alert"></div>
    <button id="joinButton" class="primary">Come in</button>
  </form>
</section>
<main id="log" aria-live="polite" aria-label="Messages" tabindex="0"></main>
<footer>
  <div id="notice" role="status"></div>
  <div id="chips">
    <button type="button" id="newStory" aria-haspopup="dialog">✨ New story</button>
    <button type="button" data-send="/story library">📚 Library</button>
    <button type="button" data-send="/collection list">🌱 Collections</button>
    <button type="button" data-send="/cast list">🎭 Cast</button>
    <button type="button" data-send="/help">❓ Help</button>
  </div>
  <form id="form" autocomplete="off">
    <input id="text" maxlength="2000" aria-label="Message" placeholder="Say hello or /help">
    <button type="submit" class="primary">Send</button>
  </form>
</footer>
<dialog id="meDialog" aria-labelledby="meText">
  <form method="dialog">
    <p id="meText"></p>
    <p id="meHint"></p>
    <p class="signout"><button type="button" id="signOut">Sign out</button> <button type="button" id="signOutEverywhere">Sign out everywhere</button></p>
    <button class="primary">OK</button>
  </form>
</dialog>
<dialog id="storyDialog" aria-labelledby="storyHeading">
  <form id="storyForm" autocomplete="off">
    <h2 id="storyHeading">✨ A new story</h2>
    <label for="storyTheme">What is it about?</label>
    <input id="storyTheme" maxlength="200" required placeholder="a sleepy dragon">
    <div id="storyHeroRow">
      <label for="storyHero">Who is the hero?</label>
      <select id="storyHero"></select>
    </div>
    <div id="storyNameRow">
      <label for="storyName">The hero's name</label>
      <input id="storyName" maxlength="40" placeholder="Pip">
      <label for="storyPronouns">The story calls the hero</label>
      <select id="storyPronouns">
        <option value="" selected>by the name</option><option value="he">he</option><option value="she">she</option>
        <option value="they">they</option>
      </select>
    </div>
    <label for="storyAge">For a child of age</label>
    <select id="storyAge">
      <option>2</option><option>3</option><option>4</option><option selected>5</option><option>6</option><option>7</option>
      <option>8</option><option>9</option><option>10</option><option>11</option><option>12</option>
    </select>
    <div class="buttons">
      <button type="button" id="storyCancel">Cancel</button>
      <button type="submit" class="primary" id="storySend">✨ Make the story</button>
    </div>
  </form>
</dialog>
</body>
</html>
"""#

    static let css = #"""
  :root { --bg:#141833; --panel:#1f2547; --ink:#f4f1ff; --muted:#c3c6e6; --accent:#ffd36e; --bot:#2b3266; --me:#3c4a8c; --danger:#e06c75; --ok:#7fd1a4;
    --tap:44px; }
  * { box-sizing: border-box; }
  html, body { margin:0; height:100%; background:var(--bg); color:var(--ink);
    font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
  body { display:flex; flex-direction:column; height:100dvh; overflow:hidden; }
  header { display:flex; align-items:center; gap:.5rem; padding:.4rem .75rem; background:var(--panel);
    border-bottom:1px solid #ffffff18; padding-top:max(.4rem, env(safe-area-inset-top)); }
  header h1 { font-size:1.1rem; margin:0; flex:1; min-width:0; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
  #room { color:var(--accent); }
  #status { font-size:.8rem; color:var(--muted); display:flex; align-items:center; gap:.35rem; flex:none; }
  #status::before { content:""; width:.6rem; height:.6rem; border-radius:50%; background:var(--danger); }
  #status.online::before { background:var(--ok); }
  #log { flex:1; overflow-y:auto; padding:.8rem; display:flex; flex-direction:column; gap:.8rem; }
  #log:focus-visible { outline:2px solid var(--accent); outline-offset:-2px; }
  .msg { max-width:min(44rem, 100%); padding:.6rem .8rem; border-radius:1rem; background:var(--bot);
    overflow-wrap:anywhere; unicode-bidi:plaintext; }
  .msg.me { align-self:flex-end; background:var(--me); }
  .msg.private { border:1px dashed var(--accent); }
  .msg .who { font-size:.75rem; color:var(--muted); margin-bottom:.15rem; }
  .msg .who .badge { margin-left:.4rem; padding:0 .4rem; border-radius:.6rem; background:var(--accent); color:#1f2547; font-weight:600; }
  .msg .note { font-size:.75rem; color:var(--accent); margin-top:.3rem; }
  .msg p { margin:.2rem 0; white-space:pre-wrap; }
  .page h2 { font-size:1.15rem; margin:.1rem 0 .5rem; color:var(--accent); }
  audio.narration { width:100%; min-height:var(--tap); margin:.4rem 0; }
  figure.portrait { margin:.4rem 0; max-width:320px; } figure.portrait img { width:100%; height:auto; border-radius:.7rem; display:block; } figure.portrait figcaption { font-size:.9rem; margin-top:.2rem; }
  .page img { width:100%; height:auto; aspect-ratio:3/2; border-radius:.7rem; display:block; background:#0003; }
  .page pre.art { font:clamp(.4rem, 2.1vw, 1rem)/1.05 "DejaVu Sans Mono", Menlo, Consolas, monospace; margin:0; padding:.4rem;
    border-radius:.7rem; background:#0b0e22; color:#f4f1ff; overflow-x:auto; white-space:pre; }
  .page .text { font-size:1.12rem; margin:.6rem 0; white-space:pre-wrap; }
  .page .footer { font-size:.8rem; color:var(--muted); }
  a.book { display:inline-block; min-height:var(--tap); margin-top:.5rem; padding:.6rem .9rem; border-radius:.7rem;
    background:var(--accent); color:#141833; text-decoration:none; }
  a.book:focus-visible, .invite a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline:3px solid var(--ink); outline-offset:2px; }
  .invite { margin-top:.5rem; padding:.6rem .7rem; border-radius:.8rem; background:#141833; border:1px solid var(--accent); }
  .invite .label { font-size:.85rem; color:var(--muted); }
  .invite a { display:block; min-height:var(--tap); padding:.5rem 0; color:var(--accent); word-break:break-all; }
  .invite .meta { font-size:.85rem; color:var(--muted); }
  .invite .warning { margin:.5rem 0 0; padding:.5rem .6rem; border-radius:.6rem; background:#4a1f2a; color:#ffe3e6; white-space:normal; }
  .buttons { display:flex; flex-wrap:wrap; gap:.4rem; margin-top:.5rem; }
  button { font:inherit; color:var(--ink); background:#ffffff1a; border:1px solid #ffffff73; border-radius:.7rem;
    padding:.4rem .8rem; min-width:var(--tap); min-height:var(--tap); cursor:pointer; }
  button.primary { background:#ffd36e33; border-color:var(--accent); }
  button.chosen { background:#ffd36e; color:#2a1f00; border-width:2px; font-weight:600; }
  button.success { background:#7fd1a433; border-color:var(--ok); }
  button.danger { background:#e06c7533; border-color:var(--danger); }
  button:disabled { opacity:.35; cursor:default; }
  footer { background:var(--panel); padding:.5rem .6rem; padding-bottom:max(.5rem, env(safe-area-inset-bottom));
    border-top:1px solid #ffffff18; }
  #chips { display:flex; flex-wrap:wrap; gap:.4rem; margin-bottom:.5rem; }
  #chips button { flex:1 1 auto; white-space:nowrap; font-size:.9rem; padding:.3rem .6rem; }
  form { display:flex; gap:.5rem; }
  input, select { font:inherit; min-height:var(--tap); }
  #text { flex:1; padding:.5rem .8rem; border-radius:.8rem; border:1px solid #ffffff73;
    background:#0000003a; color:var(--ink); min-width:0; }
  ::placeholder { color:var(--muted); opacity:1; }
  #notice { color:var(--accent); font-size:.85rem; min-height:1.2em; padding:0 .2rem .3rem; }
  #notice:empty { min-height:0; padding:0; }
  dialog { background:var(--panel); color:var(--ink); border:1px solid #ffffff73; border-radius:1rem; width:min(24rem, calc(100vw - 1.5rem)); padding:1rem; }
  dialog::backdrop { background:#000a; }
  dialog h2 { margin:0 0 .6rem; font-size:1.2rem; color:var(--accent); }
  dialog form { display:block; }
  #meDialog button { display:block; margin-left:auto; }
  #storyForm label { display:block; margin-top:.5rem; }
  dialog input, dialog select, #door input { width:100%; padding:.5rem; margin:.3rem 0 .6rem; border-radius:.6rem; border:1px solid #ffffff73;
    background:#141833; color:var(--ink); }
  #door { flex:1; display:flex; align-items:center; justify-content:center; padding:1rem; overflow-y:auto; }
  #door[hidden], [hidden] { display:none !important; }
  #door form { display:block; background:var(--panel); border:1px solid #ffffff73; border-radius:1rem; padding:1.2rem; max-width:24rem; width:100%; }
  #door h2 { margin:0 0 .5rem; font-size:1.2rem; color:var(--accent); }
  #door p { margin:.3rem 0 .8rem; color:var(--muted); }
  #doorError { color:var(--accent); min-height:1.2em; }
  body.outside #log, body.outside footer, body.outside #who, body.outside #status { display:none; }
  /* Phones: the room's name instead of the service's (still read out by screen readers), on two lines if long. */
  @media (max-width: 520px) {
    body:not(.outside) header .brand { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0); clip-path:inset(50%); white-space:nowrap; }
    header h1 { white-space:normal; overflow-wrap:anywhere; line-height:1.25; }
    #log { padding:.6rem; }
    .msg { padding:.55rem .65rem; }
  }
  @media (max-width: 360px) {
    #chips { gap:.3rem; }
    #chips button { font-size:.8rem; padding:.3rem .4rem; }
  }
"""#
}
