// Styles of the position editor, injected with the screen (the client's styles.css belongs to the web client).
export const EDITOR_CSS = `
/* Position editor (/editor). */
.editor.page { max-width: none; padding: 0; }
.editor .fields-table input:not([type=checkbox]) { width: 7.5em; }
.editor .fields-table th { text-align: left; font-weight: normal; white-space: nowrap; }
.editor .editor-bar { display: flex; gap: 0.8rem; align-items: center; padding: 0.4rem 0.8rem; flex-wrap: wrap; }
.editor .editor-bar .bad { color: #b00020; font-weight: bold; }
.editor .editor-bar .good { color: #006400; }
.editor .editor-bar label.file input { max-width: 12rem; }
.editor .editor-grid { display: grid; grid-template-columns: 1fr 24rem; gap: 0.5rem; height: calc(100vh - 3.5rem); }
.editor .editor-board { min-width: 0; overflow: hidden; display: flex; flex-direction: column; }
.editor .editor-side { overflow-y: auto; padding: 0 0.5rem; font-size: 0.9rem; }
.editor .editor-side section { border-bottom: 1px solid #ccc; padding: 0.4rem 0; }
.editor .editor-side label { display: block; margin: 0.2rem 0; }
.editor .editor-side .row { display: flex; gap: 0.3rem; flex-wrap: wrap; margin: 0.3rem 0; }
.editor .problems li { cursor: pointer; margin: 0.2rem 0; color: #b00020; }
.editor .unit-list { list-style: none; padding: 0; max-height: 20rem; overflow-y: auto; }
.editor .unit-list li { cursor: pointer; padding: 0.1rem 0.2rem; }
.editor .unit-list li.sel { background: #ffe0f0; }
.editor .unit-list li.bad { color: #b00020; }
.editor table.countries td { padding: 0 0.2rem; }
`;
