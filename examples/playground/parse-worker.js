// Reads the editor's text off the page's thread, so typing is never held up by a large file. It
// keeps the last model: the page asks for the list (labels only), for one item when it is
// selected, and for conversions, so that no more than one game, deal or problem crosses at a time.
const loading = import('./formats.js');

let last; // { format, data, items, convert }

function reply(id, body) {
  self.postMessage({ id, ...body });
}

/** An item as plain data: a Position stays behind (the page rebuilds it from the FEN). */
function plain(item) {
  const { position: _position, ...rest } = item;
  return rest;
}

self.onmessage = async (event) => {
  const message = event.data;
  let formats;
  try {
    formats = await loading;
  } catch (e) {
    return reply(message.id, { error: `loading the readers: ${e?.message ?? e}` });
  }
  try {
    if (message.type === 'parse') {
      const format = formats.detectFormat(message.text);
      last = undefined;
      if (!format) return reply(message.id, { name: null });
      const started = performance.now();
      const { data, problems } = format.parse(message.text);
      const shown = { fen: undefined };
      last = { format, data, items: format.items(data), shown, convert: format.convert(data, shown) };
      return reply(message.id, {
        name: format.name, problems,
        items: last.items.map((item) => ({ label: item.label, kind: item.kind })),
        convertNames: Object.keys(last.convert),
        ms: performance.now() - started,
      });
    }
    if (message.type === 'item') return reply(message.id, { item: last?.items[message.index] ? plain(last.items[message.index]) : null });
    if (message.type === 'convert') {
      if (!last) return reply(message.id, { text: '' });
      last.shown.fen = message.fen;
      const fn = last.convert[message.name];
      return reply(message.id, { text: fn ? fn() : '' });
    }
    reply(message.id, { error: `unknown request ${message.type}` });
  } catch (e) {
    reply(message.id, { error: String(e?.message ?? e) });
  }
};
