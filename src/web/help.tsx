// The "?" overlay: keyboard shortcuts and how the screen works.
export const SHORTCUTS: [string, string][] = [
  ['?', 'show or hide this help'],
  ['1 … 9', 'take the n-th choice in the list'],
  ['Enter', 'confirm a choice waiting for confirmation (after its odds)'],
  ['Esc', 'cancel: deselect the unit, close the inspector, close overlays'],
  ['n', 'select the next unit that has a choice'],
  ['u', 'undo your last action (when the rules allow)'],
  ['i', 'show or hide hex ids'],
  ['← ↑ → ↓ / w a s d', 'pan the map'],
  ['+ / −', 'zoom in / out (also the mouse wheel, or pinch)'],
  ['0', 'fit the map to the window'],
  ['c', 'centre the map on the selected unit, else the selected hex'],
  ['l', 'show or hide the log'],
  ['[ / ]', 'replay: step back / forward'],
];

export function HelpOverlay({ onClose }: { onClose(): void }) {
  return (
    <div class="overlay" role="dialog" aria-label="Help" data-testid="help" onClick={onClose}>
      <div class="overlay-box" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table class="shortcuts">
          <tbody>{SHORTCUTS.map(([k, d]) => <tr key={k}><th><kbd>{k}</kbd></th><td>{d}</td></tr>)}</tbody>
        </table>
        <h2>Playing</h2>
        <p>The panel says what the rules ask now, and under which rule case: click the case to read a short summary
          of it. Click a unit with a dashed edge (or pick it in the list) to select it: the places it may go to light
          up, and only those can be clicked; a click elsewhere says which rule forbids it. Buttons that end a phase stay
          at the bottom of the panel; ending a combat phase with attacks still open, or a choice that ends the game,
          asks first. An attack shows its exact odds before you confirm it.</p>
        <p>Click a stack to list all its units in the inspector beside the map (factors, status, supply). Counters show
          the nation's code and a band: hatched for the Axis, plain for the Allies, dotted for others, so sides read
          without colour. A corner triangle marks a reduced unit, "OPS" the Ops Complete marker, "×3" three units.</p>
        <p>On a phone the map fills the screen; the decision, the stack and the log are tabs of the sheet below it (▾
          lowers it), and the other buttons are under ☰. Zoom, hex ids and the other settings are kept.</p>
        <button class="primary" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
