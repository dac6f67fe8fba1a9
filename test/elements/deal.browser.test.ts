// <gn-deal> in Chromium: hands, auction with alerts, contract, the play card by card and trick by
// trick (played, board, keyboard, clicks, gn-played), and with `dd` the double-dummy table and par
// against DDS 2.9's reference values (../shared/data/bridge, or the fixture copies of their facts),
// and the card scores of the opening leads against DDS's. Bad input and axe-core too.
import { expect } from 'chai';
import 'gamenotation/elements';
import type { GnDdDetail, GnDealElement, GnPlayedDetail } from 'gamenotation/elements';
import { readFixture, readShared } from '../support/data.js';
import { $, $$, axeViolations, cleanup, mount, nextEvent, press, setInput, settle } from './support.js';

const SAMPLE = `% PBN 2.1
[Event "##Sample pairs"]
[Board "1"]
[West "Wolf, W."]
[North "Nash, N."]
[East "Eng, E."]
[South "Sato, S."]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQ2.K54.T93.A87 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964"]
[Declarer "N"]
[Contract "3NT"]
[Result "10"]
[Auction "N"]
1NT =1= Pass 3NT Pass
Pass Pass
[Note "1:15-17 HCP"]
[Play "E"]
SJ S5 S3 SQ
H3 HA H2 H4
*

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:KQ4.A92.K76.QJ84 J75.KQ3.AQ5.K932 A8632.JT7.J94.A5 T9.8654.T832.T76"]
[Declarer "W"]
[Contract "4SX"]
[Result "9"]
[Auction "E"]
Pass 1C 1S 2NT
Pass 3NT 4S ! X
AP
`;

interface Reference {
  board: number;
  deal: string;
  dd: Record<string, Record<string, number>>;
  score_ns: number;
  dealer_text?: string;
}

/** DD tables and par of reference deals: DDS 2.9's, from ../shared or the fixture copy of their facts. */
async function references(count: number): Promise<Reference[]> {
  const shared = await readShared('bridge/dd-reference.jsonl');
  if (shared) {
    return shared
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, count)
      .map((l) => {
        const r = JSON.parse(l);
        return { board: r.board, deal: r.deal, dd: r.dd, score_ns: r.par.score_ns, dealer_text: r.par.dealer_text };
      });
  }
  return (JSON.parse(await readFixture('bridge/dd-fixture.json')).tables as Reference[]).slice(0, count);
}

/** Dealer and vulnerability of a board number (the standard cycle). */
function conditions(board: number): { dealer: string; vul: string } {
  const vul = [
    'None',
    'NS',
    'EW',
    'All',
    'NS',
    'EW',
    'All',
    'None',
    'EW',
    'All',
    'None',
    'NS',
    'All',
    'None',
    'NS',
    'EW',
  ];
  return { dealer: 'NESW'[(board - 1) % 4]!, vul: vul[(board - 1) % 16]! };
}

async function waitFor(check: () => boolean, ms = 60_000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const handCards = (el: HTMLElement, seat: string) =>
  $$(el, `.deal svg .hand[data-seat="${seat}"] .card`).map((c) => c.dataset.card);

describe('<gn-deal>', () => {
  afterEach(cleanup);

  it('shows the hands, the auction with its alert, the contract and the play', async () => {
    const el = mount<GnDealElement>('gn-deal', {}, SAMPLE);
    await nextEvent(el, 'gn-load');
    expect(el.errors).to.deep.equal([]);
    expect($$(el, '.deal svg .card')).to.have.length(52);
    expect(handCards(el, 'N').sort()).to.deep.equal(
      ['SA', 'SK', 'SQ', 'S2', 'HK', 'H5', 'H4', 'DT', 'D9', 'D3', 'CA', 'C8', 'C7'].sort(),
    );
    expect($(el, '.title')!.textContent).to.equal('Board 1 · Sample pairs');
    expect($(el, '.sub')!.textContent).to.include('N: Nash, N.');
    // auction: W N E S columns, dealer North, the alert's note, then the contract
    const cells = $$(el, '.auction tbody td').map((c) => c.textContent);
    expect(cells.slice(0, 5)).to.deep.equal(['', '1NT1', 'Pass', '3NT', 'Pass']);
    expect($(el, '.auction .alert')!.title).to.equal('15-17 HCP');
    expect($(el, '.auction .notes')!.textContent).to.equal('15-17 HCP');
    expect($(el, '.auction .contract')!.textContent).to.equal('3NT by North, 10 tricks');
    expect($$(el, '.play button.cell')).to.have.length(8);
  });

  it('played (get/set, clamped) takes the cards out of the hands in the order of play', async () => {
    const el = mount<GnDealElement>('gn-deal', {}, SAMPLE);
    await nextEvent(el, 'gn-load');
    // The play section's columns are E S W N in every row. Trick 1: East leads SJ, North's SQ wins;
    // trick 2 (row "H3 HA H2 H4") is led by North: N H4, E H3, S HA, W H2.
    const order = ['E:SJ', 'S:S5', 'W:S3', 'N:SQ', 'N:H4', 'E:H3', 'S:HA', 'W:H2'];
    for (let n = 0; n <= order.length; n++) {
      el.played = n;
      expect(el.played).to.equal(n);
      expect($$(el, '.deal svg .card')).to.have.length(52 - n);
      for (const [i, entry] of order.entries()) {
        const [seat, card] = entry.split(':') as [string, string];
        expect(handCards(el, seat).includes(card), `${card} after ${n}`).to.equal(i >= n);
      }
    }
    el.played = 99;
    expect(el.played).to.equal(8);
    el.played = 6;
    // the trick in progress in the middle: N H4, E H3
    expect($$(el, '.trick > span').map((s) => `${s.dataset.seat}${s.textContent}`)).to.deep.equal([
      'N\u26654',
      'E\u26653',
    ]);
    expect($(el, '.counter')!.textContent).to.equal('6 / 8 cards · tricks NS 1, EW 0');
    // each card of the trick lies on the compass of the drawing, on its player's side of the centre
    const compass = $(el, '.deal svg .compass > rect')!.getBoundingClientRect();
    const centre = { x: compass.left + compass.width / 2, y: compass.top + compass.height / 2 };
    for (const span of $$(el, '.trick > span')) {
      const r = span.getBoundingClientRect();
      const mid = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      expect(mid.x, span.dataset.seat).to.be.within(compass.left, compass.right);
      expect(mid.y, span.dataset.seat).to.be.within(compass.top, compass.bottom);
      if (span.dataset.seat === 'N') expect(mid.y).to.be.below(centre.y);
      if (span.dataset.seat === 'E') expect(mid.x).to.be.above(centre.x);
    }
    el.played = 4;
    expect($(el, '.trick .won')!.dataset.seat).to.equal('N');
  });

  it('keyboard, buttons and clicks send gn-played { played, card, seat }; board picks a board', async () => {
    const el = mount<GnDealElement>('gn-deal', {}, SAMPLE);
    await nextEvent(el, 'gn-load');
    const seen: GnPlayedDetail[] = [];
    el.addEventListener('gn-played', (e) => seen.push((e as CustomEvent<GnPlayedDetail>).detail));
    press(el, 'ArrowRight');
    expect(seen.at(-1)).to.deep.equal({ played: 1, card: 'SJ', seat: 'E' });
    expect($(el, '.live')!.textContent).to.equal('East plays the jack of spades');
    press(el, 'ArrowDown');
    expect(el.played).to.equal(4);
    press(el, 'ArrowDown');
    expect(el.played).to.equal(8);
    press(el, 'ArrowUp');
    expect(el.played).to.equal(4);
    press(el, 'End');
    expect(seen.at(-1)).to.deep.equal({ played: 8, card: 'H2', seat: 'W' });
    press(el, 'Home');
    expect(seen.at(-1)).to.deep.equal({ played: 0, card: '', seat: '' });
    ($(el, 'button[data-key="ArrowRight"]') as HTMLButtonElement).click();
    expect(el.played).to.equal(1);
    const ha = $$(el, '.play button.cell').find((b) => b.dataset.played === '7')!;
    ha.click();
    expect(seen.at(-1)).to.deep.equal({ played: 7, card: 'HA', seat: 'S' });
    expect(ha.getAttribute('aria-current')).to.equal('true');
    // the second board: picker, property, clamping
    expect($(el, 'select.picker')!.closest('[hidden]')).to.equal(null);
    el.board = 1;
    expect(el.board).to.equal(1);
    expect(el.played).to.equal(0);
    expect($(el, '.auction .contract')!.textContent).to.equal('4\u2660X by West, 9 tricks');
    el.board = 7;
    expect(el.board).to.equal(1);
    // the board and played attributes move a deal already shown
    el.setAttribute('board', '0');
    expect(el.board).to.equal(0);
    expect(($(el, 'select.picker') as HTMLSelectElement).value).to.equal('0');
    el.setAttribute('played', '7');
    expect(el.played).to.equal(7);
    expect($(el, '.play button[aria-current]')!.dataset.played).to.equal('7');
    el.setAttribute('played', 'last');
    expect(el.played).to.equal(0);
  });

  it('dd: the table and par of each reference deal are DDS 2.9’s; gn-dd when ready; ddTable null before', async () => {
    for (const ref of await references(4)) {
      const { dealer, vul } = conditions(ref.board);
      const el = mount<GnDealElement>('gn-deal', { dd: '' });
      const ready = nextEvent<GnDdDetail>(el, 'gn-dd', 120_000);
      el.pbn = `[Board "${ref.board}"]\n[Dealer "${dealer}"]\n[Vulnerable "${vul}"]\n[Deal "${ref.deal}"]\n`;
      expect(el.ddTable).to.equal(null);
      const { detail } = await ready;
      expect(el.ddTable, `board ${ref.board}`).to.deep.equal(ref.dd);
      expect(detail.table).to.deep.equal(ref.dd);
      expect(detail.par.scoreNs).to.equal(ref.score_ns);
      if (ref.dealer_text) expect(detail.par.dealerText).to.equal(ref.dealer_text);
      expect($$(el, '.dd svg .dd-cell')).to.have.length(20);
      el.remove();
    }
  });

  it('dd with a contract: the tricks each opening lead takes are DDS’s card scores', async () => {
    const text =
      (await readShared('bridge/dd-reference-leads.jsonl')) ?? (await readFixture('bridge/dd-reference-leads.jsonl'));
    const records = text
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 2)
      .map(
        (l) =>
          JSON.parse(l) as {
            board: number;
            deal: string;
            leads: { strain: string; declarer: string; leader: string; card_scores: Record<string, number> }[];
          },
      );
    for (const record of records) {
      for (const lead of record.leads) {
        const el = mount<GnDealElement>('gn-deal', { dd: '' });
        el.pbn = `[Board "${record.board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${record.deal}"]\n[Declarer "${lead.declarer}"]\n[Contract "1${lead.strain}"]\n`;
        await waitFor(() => $$(el, '.dd-cards li').length > 0, 120_000);
        const scores = Object.fromEntries(
          $$(el, '.dd-cards li').map((li) => [li.dataset.card, Number(li.dataset.tricks)]),
        );
        expect(scores, `board ${record.board} ${lead.strain} by ${lead.declarer}`).to.deep.equal(lead.card_scores);
        expect($(el, '.dd-cards p')!.textContent).to.include(
          `${{ N: 'North', E: 'East', S: 'South', W: 'West' }[lead.leader]} to play`,
        );
        // the best leads are marked in the leader's hand
        const best = Math.max(...Object.values(lead.card_scores));
        const marked = $$(el, `.deal svg .hand[data-seat="${lead.leader}"] .card.dd-best`)
          .map((c) => c.dataset.card)
          .sort();
        expect(marked).to.deep.equal(
          Object.keys(lead.card_scores)
            .filter((c) => lead.card_scores[c] === best)
            .sort(),
        );
        el.remove();
      }
    }
  });

  it('bad input: a broken Deal tag is shown with its line and column; no deal says so', async () => {
    const el = mount<GnDealElement>('gn-deal');
    await setInput(
      el,
      'pbn',
      '[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQ.K54.T93 J986.QJ3.AK4.K52 T75.A987.QJ2.QJ3 43.T62.8765.T964"]\n',
    );
    expect(el.errors.length).to.be.greaterThan(0);
    const item = $(el, '.errors li')!;
    expect(item.dataset.line).to.equal('3');
    expect(item.dataset.column).to.match(/^\d+$/);
    await setInput(el, 'pbn', '[Event "nothing"]\n');
    expect(el.errors.map((e) => e.code)).to.include('ERR_ELEMENT_EMPTY');
    expect($(el, '.deal')!.innerHTML).to.equal('');
  });

  it('axe-core: no violations, light and dark, with the DD panel, and at 320 px', async () => {
    const el = mount<GnDealElement>('gn-deal', { dd: '' });
    const ready = nextEvent(el, 'gn-dd', 120_000);
    el.pbn = SAMPLE;
    await ready;
    await waitFor(() => $$(el, '.dd-cards li').length > 0, 120_000);
    el.played = 3;
    expect(await axeViolations()).to.deep.equal([]);
    el.theme = 'dark';
    expect(await axeViolations()).to.deep.equal([]);
    el.style.width = '320px';
    await settle();
    expect(el.scrollWidth).to.be.at.most(320);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
