// Routes: "/" home, "/play/:token" a game, "/replay/:gameId" a replay, "/editor" the position editor.
import { GameScreen } from './game/game-screen.tsx';
import { EditorScreen } from './editor/editor-screen.tsx';
import { Home } from './home.tsx';
import { useLocation } from './nav.ts';
import { ReplayScreen } from './replay.tsx';

export function App() {
  const loc = useLocation();
  const url = new URL(loc, location.origin);
  const play = /^\/play\/([^/]+)\/?$/.exec(url.pathname);
  if (play) return <GameScreen key={play[1]} token={decodeURIComponent(play[1]!)} />;
  const replay = /^\/replay\/([^/]+)\/?$/.exec(url.pathname);
  if (replay) {
    const at = url.searchParams.get('at');
    return <ReplayScreen key={replay[1]} gameId={decodeURIComponent(replay[1]!)} seat={url.searchParams.get('seat')} at={at === null ? null : Number(at)} />;
  }
  if (/^\/editor\/?$/.test(url.pathname)) return <EditorScreen />;
  return <Home />;
}
