// The "?" overlay: keyboard shortcuts and how the screen works.
export const SHORTCUTS: [string, string][] = [
  ['?', 'show or hide this help'],
  ['1 … 9', 'take the n-th choice in the list'],
  ['Enter', 'confirm a choice waiting for confirmation (after its odds)'],
  ['Esc', 'cancel: deselect the unit, close the stack, close overlays'],
  ['n', 'select the next unit that has a choice'],
  ['u', 'undo your last action (when the rules allow)'],
  ['i', 'show or hide hex ids'],
  ['← ↑ → ↓ / w a s d', 'pan the map'],
  ['+ / −', 'zoom in / out (also the mouse wheel, or pinch)'],
  ['0', 'fit the map to the window'],
  ['c', 'centre the map on the selected hex'],
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
        <p>The panel on the right says what the rules ask now, and under which rule case. Click a unit with a
          highlighted edge to select it: the hexes it may go to light up, and only those can be clicked. Anything
          the map does not offer is in the choice list, which always holds every legal choice.</p>
        <p>Click a stack to spread its counters. Counters show the nation's code and a band: hatched for the Axis,
          plain for the Allies, dotted for others, so sides read without colour. A corner triangle marks a reduced
          unit, "OPS" the Ops Complete marker.</p>
        <button class="primary" onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
