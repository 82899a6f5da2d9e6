/** The inspector's style: system fonts, readable tables, visible focus; nothing fetched. */
export const INSPECTOR_STYLE = `:root { color-scheme: light dark; --line: #8884; --accent: #2563eb; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; }
header { display: flex; gap: 1.5rem; align-items: center; padding: 0.75rem 1.5rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: Canvas; }
h1 { font-size: 1.1rem; margin: 0; }
h2 { font-size: 1rem; margin: 0 0 0.5rem; }
main { padding: 1rem 1.5rem; display: grid; gap: 1.25rem; }
section, #token-form { border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
td.mono, code { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
button { font: inherit; padding: 0.15rem 0.6rem; margin-right: 0.25rem; border-radius: 4px; border: 1px solid var(--line); cursor: pointer; }
button:disabled { cursor: not-allowed; opacity: 0.5; }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.empty, .hint { color: GrayText; margin: 0; }
.paused { color: #b45309; font-weight: 600; }
#status { margin: 0; min-height: 1.4em; }
#search-form { display: flex; gap: 0.5rem; align-items: center; margin-top: 0.75rem; }
#search-results li { margin: 0.25rem 0; }
.score { color: GrayText; }
.actions { margin: 0 0 0.5rem; }
dialog { border: 1px solid var(--line); border-radius: 6px; padding: 1rem 1.25rem; width: min(60rem, 90vw); background: Canvas; color: CanvasText; }
dialog::backdrop { background: #0006; }
dialog input[type=text] { width: min(36rem, 100%); font: inherit; }
dialog textarea { width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; }
`;
