import { MAX_QUERY_LENGTH } from "../search-data/documents/query.ts";

/**
 * The inspector's page. Static: every value is filled in by `script.ts` with `textContent`, so
 * nothing from the state is ever parsed as HTML. Sections are landmarks named by their
 * headings; the buttons that change state are off until "Allow changes" is ticked.
 */
export const INSPECTOR_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stashkit emulator inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__stashkit/inspector/inspector.css">
<script src="/__stashkit/inspector/inspector.js" defer></script>
</head>
<body>
<header>
  <h1>stashkit emulator</h1>
  <label class="allow"><input type="checkbox" id="allow-changes"> Allow changes</label>
  <p id="status" role="status" aria-live="polite"></p>
  <p id="clock" class="hint"></p>
</header>
<main>
  <form id="token-form" hidden aria-labelledby="token-heading">
    <h2 id="token-heading">Control token</h2>
    <p>This emulator has a control token: enter it to read its state. It is kept in this tab only.</p>
    <label for="token-input">Token</label>
    <input id="token-input" type="password" autocomplete="off" required>
    <button type="submit">Use token</button>
  </form>
  <section id="send" aria-labelledby="send-heading">
    <h2 id="send-heading">Send</h2>
    <p class="hint">Each goes through the emulator's own API, as a client's request would. An editor remembers the last payload sent to its target, in this browser.</p>
    <p class="actions">
      <button type="button" class="change" id="publish-open" disabled>Publish a message…</button>
      <button type="button" class="change" id="trigger-open" disabled>Trigger a workflow run…</button>
      <button type="button" class="change" id="notify-open" disabled>Notify an event…</button>
    </p>
  </section>
  <dialog id="editor" aria-labelledby="editor-heading">
    <form id="editor-form" method="dialog">
      <h2 id="editor-heading">Payload</h2>
      <p id="editor-target-row"><label for="editor-target" id="editor-target-label">Destination URL</label> <input id="editor-target" type="text" autocomplete="off" spellcheck="false"></p>
      <p id="editor-type-row"><label for="editor-type">Content type</label> <input id="editor-type" type="text" autocomplete="off" spellcheck="false" value="application/json"></p>
      <p><label for="editor-payload">Payload</label></p>
      <textarea id="editor-payload" rows="10" cols="80" spellcheck="false"></textarea>
      <p class="actions"><button type="submit" class="change" id="editor-send" disabled>Send</button> <button type="button" id="editor-cancel">Cancel</button></p>
    </form>
  </dialog>
  <section id="queues" aria-labelledby="queues-heading"><h2 id="queues-heading">Queues</h2><div class="body"></div></section>
  <section id="messages" aria-labelledby="messages-heading"><h2 id="messages-heading">Messages</h2><div class="body"></div></section>
  <section id="dlq" aria-labelledby="dlq-heading"><h2 id="dlq-heading">Dead letter queue</h2><div class="body"></div></section>
  <section id="schedules" aria-labelledby="schedules-heading"><h2 id="schedules-heading">Schedules</h2><div class="body"></div></section>
  <section id="flow-control" aria-labelledby="flow-control-heading"><h2 id="flow-control-heading">Flow-control keys</h2><div class="body"></div></section>
  <section id="workflow-runs" aria-labelledby="workflow-runs-heading">
    <h2 id="workflow-runs-heading">Workflow runs</h2>
    <p class="hint">Running first. A run that is not moving says why; its steps are at /__stashkit/workflows/runs/RUN_ID/steps.</p>
    <div class="body"></div>
  </section>
  <section id="indexes" aria-labelledby="indexes-heading">
    <h2 id="indexes-heading">Search indexes</h2>
    <p class="hint">Documents counts every namespace, as the service does; By namespace splits it. Seeding with stashkit adds one record per seeded namespace to a namespace of its own, stashkit-seeds, so that your namespaces hold only your documents.</p>
    <div class="body"></div>
    <form id="search-form" aria-label="Search an index">
      <label for="search-index">Index</label>
      <select id="search-index" required></select>
      <label for="search-query">Query</label>
      <input id="search-query" type="search" maxlength="${MAX_QUERY_LENGTH}" required>
      <button type="submit">Search</button>
    </form>
    <ol id="search-results" aria-label="Search results"></ol>
  </section>
  <section id="delivered" aria-labelledby="delivered-heading"><h2 id="delivered-heading">Delivered</h2><div class="body"></div></section>
  <section id="log" aria-labelledby="log-heading">
    <h2 id="log-heading">Request log</h2>
    <p class="hint">Live; credentials are shown as ***.</p>
    <table>
      <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Authorization</th></tr></thead>
      <tbody id="log-rows"></tbody>
    </table>
  </section>
</main>
</body>
</html>
`;
