// retro explore: the page. Everything it shows comes from the server's JSON
// API (docs/explore.md); the URL names the view (?db=ID&position=P, or
// ?db=ID&view=stats) so that a page can be shared, and moving between pages
// uses history.pushState so that back and forward work. Charts are plain
// SVG drawn here: no library, nothing loaded from the network.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
let databases = null;  // the /api/databases result, once loaded
let generation = 0;    // the latest render: an older one's answers are dropped

// ---- Helpers -------------------------------------------------------------

// An element with attributes and children (strings become text nodes).
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === 'class') node.className = value;
    else if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

function svgEl(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

// GET /api/ENDPOINT?PARAMS: the envelope, whatever the HTTP status.
async function api(endpoint, params = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${endpoint}${query ? '?' + query : ''}`);
  try {
    return await response.json();
  } catch (e) {
    return {ok: false, error: `the server answered ${response.status} without JSON`};
  }
}

function url(params) {
  return '/?' + new URLSearchParams(params).toString();
}

function navigate(href) {
  history.pushState(null, '', href);
  render();
}

function link(text, href) {
  return el('a', {href, 'data-nav': ''}, text);
}

function signed(v) {
  return v > 0 ? `+${v}` : `${v}`;
}

// ---- Values by family ----------------------------------------------------

// Which family a probe result belongs to (docs/json.md).
function familyOf(result) {
  if (typeof result.result === 'string') return 'wdl';
  if (typeof result.plies_left === 'number') return 'finite_horizon';
  return 'chance';
}

function wdlText(result, distance) {
  return distance === null || distance === undefined ? result : `${result} in ${distance}`;
}

// The chance family's value: the first number that is not the no-move
// probability (Plakoto's expected_turns).
function chanceValueKey(result) {
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' && key !== 'no_move_probability') return key;
  }
  return null;
}

// The lists of choices of a chance result: its arrays of objects with a value.
function chanceLists(result) {
  const lists = [];
  for (const [key, value] of Object.entries(result)) {
    if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'object') {
      lists.push({name: key, items: value});
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, items] of Object.entries(value)) {
        if (Array.isArray(items) && items.length > 0 && typeof items[0] === 'object') {
          lists.push({name: `${key}: ${inner}`, items});
        }
      }
    }
  }
  return lists;
}

// ---- Pages ---------------------------------------------------------------

async function loadDatabases() {
  if (databases) return databases;
  const envelope = await api('databases');
  if (!envelope.ok) throw new Error(envelope.error);
  databases = envelope.result.databases;
  const nav = document.getElementById('databases');
  nav.replaceChildren(...databases.map(
      (db) => el('a', {href: url({db: db.id}), 'data-nav': '', 'data-db': db.id}, db.id)));
  return databases;
}

function markCurrent(id) {
  for (const a of document.querySelectorAll('#databases a')) {
    a.classList.toggle('current', a.dataset.db === id);
  }
}

function homePage(main) {
  main.replaceChildren(el('h1', {}, 'Databases'));
  const table = el('table', {id: 'database-list'},
      el('tr', {}, el('th', {}, 'id'), el('th', {}, 'game'), el('th', {}, 'file'),
         el('th', {}, 'parameters'), el('th', {}, 'slices'), el('th', {}, '')));
  for (const db of databases) {
    const parameters = Object.entries(db.parameters).map(([k, v]) => `${k}=${v}`).join(' ');
    table.append(el('tr', {},
        el('td', {}, link(db.id, url({db: db.id}))), el('td', {}, db.game),
        el('td', {}, el('code', {}, db.file)), el('td', {class: 'parameters'}, parameters),
        el('td', {}, String(db.slices.length)),
        el('td', {}, link('statistics', url({db: db.id, view: 'stats'})))));
  }
  main.append(table);
}

function databaseHeading(db, view) {
  const parameters = Object.entries(db.parameters).map(([k, v]) => `${k}=${v}`).join(', ');
  return el('div', {},
      el('h1', {}, `${db.game} — ${db.id}`),
      el('p', {class: 'parameters'}, el('code', {}, db.file),
         parameters ? ` · ${parameters} · ` : ' · ',
         view === 'stats' ? link('start position', url({db: db.id}))
                          : link('statistics', url({db: db.id, view: 'stats'}))));
}

// The form to go to a pasted position; a bad one shows the API's error.
function positionForm(db, position) {
  const input = el('input', {id: 'position-input', type: 'text', value: position || '',
                             spellcheck: 'false', 'aria-label': 'position'});
  const error = el('p', {id: 'position-error', class: 'error hidden', role: 'alert'});
  const form = el('form', {class: 'goto'}, el('label', {for: 'position-input'}, 'Position'),
                  input, el('button', {id: 'position-go', type: 'submit'}, 'Show'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    const envelope = await api('probe', {db: db.id, position: text});
    if (envelope.ok) {
      navigate(url({db: db.id, position: envelope.result.position}));
    } else {
      error.textContent = envelope.error;
      error.classList.remove('hidden');
    }
  });
  return el('div', {}, form, error,
            el('p', {class: 'syntax'}, `Notation: ${db.position_syntax}`));
}

function moveRow(db, move, text, klass, best, cells) {
  const row = el('tr', {class: `move ${klass}${best ? ' best' : ''}`, 'data-move': move,
                        'data-position': cells.position},
      el('td', {}, link(move, url({db: db.id, position: cells.position}))),
      ...cells.extra.map((c) => el('td', {}, c)),
      el('td', {class: 'notation'}, cells.position),
      el('td', {class: 'value'}, text), el('td', {class: 'best'}));
  row.addEventListener('click', (event) => {
    if (event.target.tagName !== 'A') navigate(url({db: db.id, position: cells.position}));
  });
  return row;
}

function movesTable(headers, rows) {
  const table = el('table', {class: 'moves'},
      el('tr', {}, ...headers.map((h) => el('th', {class: h === 'value' ? 'value' : ''}, h))));
  table.append(...rows);
  return table;
}

// The summary and moves of a probe result, by family.
function describePosition(db, result) {
  const family = familyOf(result);
  const summary = el('dl', {class: 'summary'},
      el('dt', {}, 'position'), el('dd', {}, el('code', {id: 'position'}, result.position)));
  const add = (term, node) => summary.append(el('dt', {}, term), el('dd', {}, node));
  const parts = [summary];
  if (family === 'wdl') {
    if (result.to_move) add('to move', el('span', {id: 'to-move'}, result.to_move));
    if (result.note) add('note', result.note);
    add('value', el('span', {id: 'value', class: result.result},
                    wdlText(result.result, result.distance)));
    if (result.game_over) add('game over', result.reason || 'yes');
    const rows = result.moves.map((m) => moveRow(db, m.move, wdlText(m.result, m.distance),
                                                 m.result, m.best, {position: m.position, extra: []}));
    if (rows.length) parts.push(el('h2', {}, 'Moves'), movesTable(['move', 'position', 'value', ''], rows));
  } else if (family === 'finite_horizon') {
    add('to move', el('span', {id: 'to-move'}, 'the side whose houses are listed first'));
    add('plies left', String(result.plies_left));
    const klass = (v) => (v > 0 ? 'win' : v < 0 ? 'loss' : 'draw');
    add('value', el('span', {id: 'value', class: klass(result.value)}, signed(result.value)));
    const extraKey = result.moves.length
        ? Object.keys(result.moves[0]).find((k) => !['move', 'position', 'child_value', 'value', 'best'].includes(k))
        : null;
    const rows = result.moves.map((m) => moveRow(db, m.move, signed(m.value), klass(m.value), m.best,
        {position: m.position, extra: [String(m[extraKey]), signed(m.child_value)]}));
    if (rows.length) {
      parts.push(el('h2', {}, 'Moves'),
                 movesTable(['move', extraKey || 'reward', 'child value', 'position', 'value', ''], rows));
    }
  } else {
    const key = chanceValueKey(result);
    add(key ? key.replace(/_/g, ' ') : 'value', el('span', {id: 'value'}, String(result[key])));
    if (typeof result.no_move_probability === 'number') {
      add('no move probability', String(result.no_move_probability));
    }
    if (result.game_over) add('game over', 'yes');
    for (const list of chanceLists(result)) {
      const keys = Object.keys(list.items[0]).filter((k) => k !== 'value' && k !== 'position' && k !== 'best');
      const rows = list.items.map((item) => moveRow(db, String(item[keys[0]]), String(item.value), '',
          item.best === true, {position: item.position, extra: keys.slice(1).map((k) => String(item[k]))}));
      parts.push(el('h2', {}, list.name.replace(/_/g, ' ')),
                 movesTable([...keys, 'position', 'value', ''], rows));
    }
  }
  return parts;
}

// A line chart of `points` ({x, y}), the x where y changes marked.
function seriesChart(points, xLabel, yLabel) {
  const width = 640, height = 260, left = 48, right = 16, top = 16, bottom = 40;
  const xs = points.map((p) => p.x), ys = points.map((p) => p.y);
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  let y0 = Math.min(...ys, 0), y1 = Math.max(...ys, 0);
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const sx = (x) => left + (x1 === x0 ? 0 : (x - x0) / (x1 - x0)) * (width - left - right);
  const sy = (y) => top + (1 - (y - y0) / (y1 - y0)) * (height - top - bottom);
  const svg = svgEl('svg', {class: 'chart', id: 'series-chart', viewBox: `0 0 ${width} ${height}`,
                            width, height});
  svg.append(svgEl('line', {class: 'axis', x1: left, y1: sy(0), x2: width - right, y2: sy(0)}),
             svgEl('line', {class: 'axis', x1: left, y1: top, x2: left, y2: height - bottom}));
  for (const y of [y0, 0, y1]) {
    svg.append(svgEl('text', {x: left - 6, y: sy(y) + 4, 'text-anchor': 'end'}, String(y)));
  }
  for (const x of [x0, Math.round((x0 + x1) / 2), x1]) {
    svg.append(svgEl('text', {x: sx(x), y: height - bottom + 16, 'text-anchor': 'middle'}, String(x)));
  }
  svg.append(svgEl('text', {x: (left + width - right) / 2, y: height - 6, 'text-anchor': 'middle'}, xLabel),
             svgEl('text', {x: left + 8, y: top + 4}, yLabel));
  // A step line: the value holds from one x to the next.
  let path = '';
  points.forEach((p, i) => {
    path += i === 0 ? `M${sx(p.x)} ${sy(p.y)}` : `H${sx(p.x)}V${sy(p.y)}`;
  });
  svg.append(svgEl('path', {class: 'line', d: path}));
  const changes = [];
  for (let i = 1; i < points.length; ++i) {
    if (points[i].y !== points[i - 1].y) {
      changes.push(points[i].x);
      const dot = svgEl('circle', {class: 'change', cx: sx(points[i].x), cy: sy(points[i].y), r: 3.5});
      dot.append(svgEl('title', {}, `${xLabel} ${points[i].x}: ${points[i].y}`));
      svg.append(dot);
    }
  }
  return {svg, changes};
}

// For each integer probe parameter the result echoes (oware's plies_left):
// the position's value over 0..that value, from one /api/series call.
async function seriesSection(db, result, mine) {
  const section = el('div', {id: 'series'});
  for (const spec of db.probe_parameters) {
    const key = spec.name.replace(/-/g, '_');
    if (!Number.isInteger(result[key]) || typeof result.value !== 'number') continue;
    const top = result[key];
    const step = Math.max(1, Math.ceil((top + 1) / 2001));
    const envelope = await api('series', {db: db.id, position: result.position, parameter: key,
                                          from: 0, to: top, step});
    if (mine !== generation) return section;
    if (!envelope.ok) {
      section.append(el('p', {class: 'error'}, envelope.error));
      continue;
    }
    const points = envelope.result.points.map((p) => ({x: p.at, y: p.result.value}));
    const {svg, changes} = seriesChart(points, key.replace(/_/g, ' '), 'value');
    section.append(el('h2', {}, `Value by ${key.replace(/_/g, ' ')}`), svg,
        el('p', {id: 'series-changes'}, changes.length
            ? `The value changes at ${key.replace(/_/g, ' ')} ${changes.join(', ')} (marked).`
            : 'The value is the same at every point.'));
  }
  return section;
}

async function positionPage(main, db, position) {
  const mine = generation;
  if (!position) {
    if (!db.start_position) {
      main.replaceChildren(databaseHeading(db), positionForm(db, ''),
                           el('p', {}, 'This game names no start position: paste one.'));
      return;
    }
    position = db.start_position;
  }
  const [probe, picture] = await Promise.all([
    api('probe', {db: db.id, position}), api('render', {db: db.id, position})]);
  if (mine !== generation) return;
  const heading = databaseHeading(db);
  if (!probe.ok) {
    main.replaceChildren(heading, positionForm(db, position),
                         el('p', {class: 'error', id: 'page-error'}, probe.error));
    return;
  }
  const result = probe.result;
  const board = el('div', {class: 'board-box', id: 'board'});
  if (picture.ok && picture.result.svg) {
    board.innerHTML = picture.result.svg;  // the game plugin's own drawing
  } else {
    board.append(el('pre', {class: 'notation'}, result.position));
  }
  const [summary, ...moves] = describePosition(db, result);
  main.replaceChildren(heading, positionForm(db, result.position),
                       el('div', {class: 'layout'}, board, summary), ...moves);
  main.append(await seriesSection(db, result, mine));
}

// ---- Statistics ----------------------------------------------------------

// Vertical bars: `bars` = [{label, value, klass}].
function barChart(bars, caption) {
  const width = Math.max(160, 24 + bars.length * 22), height = 150, bottom = 30, top = 10;
  const most = Math.max(1, ...bars.map((b) => b.value));
  const svg = svgEl('svg', {class: 'chart', viewBox: `0 0 ${width} ${height}`, width, height});
  const barWidth = (width - 24) / Math.max(1, bars.length);
  bars.forEach((b, i) => {
    const h = (b.value / most) * (height - top - bottom);
    const rect = svgEl('rect', {class: b.klass || 'bar', x: 12 + i * barWidth + 1,
                                y: height - bottom - h, width: Math.max(1, barWidth - 2), height: h});
    rect.append(svgEl('title', {}, `${b.label}: ${b.value}`));
    svg.append(rect);
    if (bars.length <= 16 || i % Math.ceil(bars.length / 8) === 0) {
      svg.append(svgEl('text', {x: 12 + (i + 0.5) * barWidth, y: height - bottom + 14,
                                'text-anchor': 'middle'}, String(b.label)));
    }
  });
  return el('figure', {}, svg, el('figcaption', {}, caption));
}

function statsCharts(db, stats, row) {
  if (row.wdl) {
    const w = row.wdl;
    const figure = barChart([{label: 'win', value: w.wins, klass: 'bar-win'},
                             {label: 'draw', value: w.draws, klass: 'bar-draw'},
                             {label: 'loss', value: w.losses, klass: 'bar-loss'}],
                            `${row.name}: ${row.positions} positions`);
    if (w.longest_win_example) {
      figure.append(el('div', {}, 'longest win ', link(String(w.longest_win),
          url({db: db.id, position: w.longest_win_example}))));
    }
    return figure;
  }
  if (row.finite_horizon) {
    const bars = row.finite_horizon.values.map((v) => ({label: v.value, value: v.count,
        klass: v.value > 0 ? 'bar-win' : v.value < 0 ? 'bar-loss' : 'bar-draw'}));
    return barChart(bars, `${row.name}: ${row.positions} positions, fixed from ply ` +
                          `${row.finite_horizon.fixed_point}`);
  }
  if (row.chance) {
    const bins = stats.chance.bins;
    const bars = row.chance.histogram.map((count, i) => ({
        label: +(bins.low + i * bins.width).toPrecision(3), value: count}));
    const figure = barChart(bars, `${row.name}: ${row.positions} positions, ${stats.chance.value} ` +
                                  `mean ${row.chance.mean === null ? '–' : row.chance.mean.toPrecision(6)}`);
    if (row.chance.max_position) {
      figure.append(el('div', {}, 'max at ', link(row.chance.max_position,
          url({db: db.id, position: row.chance.max_position}))));
    }
    return figure;
  }
  return el('p', {}, `${row.name}: ${row.positions} positions`);
}

async function statsPage(main, db) {
  const mine = generation;
  main.replaceChildren(databaseHeading(db, 'stats'),
                       el('p', {class: 'loading'}, 'computing the statistics…'));
  const envelope = await api('stats', {db: db.id});
  if (mine !== generation) return;
  if (!envelope.ok) {
    main.replaceChildren(databaseHeading(db, 'stats'), el('p', {class: 'error'}, envelope.error));
    return;
  }
  const stats = envelope.result;
  const charts = el('div', {class: 'charts', id: 'stats-charts'},
                    ...stats.slices.map((row) => statsCharts(db, stats, row)));
  const parts = [databaseHeading(db, 'stats'),
                 el('h2', {}, `Values per slice (${stats.family.replace(/_/g, ' ')})`), charts];
  if (stats.groups) {
    parts.push(el('h2', {}, `By ${stats.groups.label}`),
               el('div', {class: 'charts'}, ...stats.groups.rows.map((row) => statsCharts(db, stats, row))));
  }
  main.replaceChildren(...parts);
}

// ---- Routing -------------------------------------------------------------

// Draws the page the URL names; #main's data-state is "ready" once done (the
// tests wait for it).
async function render() {
  const mine = ++generation;
  const main = document.getElementById('main');
  main.dataset.state = 'loading';
  await renderView(main, mine);
  if (mine === generation) main.dataset.state = 'ready';
}

async function renderView(main, mine) {
  try {
    await loadDatabases();
    if (mine !== generation) return;
    const query = new URLSearchParams(location.search);
    const id = query.get('db');
    markCurrent(id);
    if (!id) return homePage(main);
    const db = databases.find((d) => d.id === id);
    if (!db) {
      main.replaceChildren(el('p', {class: 'error', id: 'page-error'},
                              `unknown database '${id}'`));
      return;
    }
    if (query.get('view') === 'stats') return await statsPage(main, db);
    return await positionPage(main, db, query.get('position'));
  } catch (e) {
    main.replaceChildren(el('p', {class: 'error', id: 'page-error'}, String(e.message || e)));
  }
}

document.addEventListener('click', (event) => {
  const a = event.target.closest('a[data-nav]');
  if (!a || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', render);
render();
