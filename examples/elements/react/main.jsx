// React 19 passes props to custom elements as properties and `on<event>` props as listeners, so the
// elements need no wrapper: import the subpath once (it defines them) and use the tags.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'gamenotation/elements';
import { OPERA_GAME, SAMPLE_DEAL } from '../samples.js';

function App() {
  const [position, setPosition] = useState({ ply: 0, san: '' });
  const [ply, setPly] = useState(0);
  const [played, setPlayed] = useState(0);
  return (
    <main>
      <h1>gamenotation elements in React</h1>
      <gn-game
        pgn={OPERA_GAME}
        ply={ply}
        ongn-ply={(e) => {
          setPosition(e.detail);
          setPly(e.detail.ply);
        }}
      />
      <p id="ply">
        Ply {position.ply} {position.san}
      </p>
      <button id="to-ply-10" onClick={() => setPly(10)}>
        Go to ply 10
      </button>
      <gn-deal pbn={SAMPLE_DEAL} played={played} ongn-played={(e) => setPlayed(e.detail.played)} />
      <p id="played">Cards played: {played}</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
