// Draws the home page's three hero illustrations (original artwork for this site) as SVG and
// renders them to WebP: `node scripts/make-hero-images.mjs`. Flat shapes only, no text, so the
// pictures need no fonts and read the same in every language.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1600;
const HEIGHT = 900;
const outDir = path.join(import.meta.dirname, '..', 'public', 'images', 'hero');

const c = {
  brand900: '#1b326b',
  brand800: '#1c3985',
  brand700: '#1f43a6',
  brand600: '#2753c7',
  brand300: '#7d9cf5',
  brand200: '#b9ccff',
  brand100: '#dbe6fe',
  brand50: '#eef4ff',
  amber: '#f2a541',
  sun: '#ffd166',
  coral: '#e76f51',
  terracotta: '#c8643f',
  wood: '#c98b55',
  woodDark: '#a86f40',
  woodShade: '#8f5c34',
  leaf: '#3f9d6b',
  leafLight: '#5bb98a',
  mint: '#7dd3a8',
  rose: '#ff8fa3',
  ink: '#18213a',
  steel: '#3a4457',
  steelLight: '#566178',
  white: '#ffffff',
};

const rect = (x, y, w, h, fill, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const rrect = (x, y, w, h, r, fill, extra = '') => rect(x, y, w, h, fill, `rx="${r}" ${extra}`);
const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = '') => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const pathD = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;

/** Lines of "code": indented bars in syntax colours. */
function codeLines(x, y, width, rows, lineHeight = 22, barHeight = 9) {
  const palette = [c.brand200, c.amber, c.mint, c.rose, c.brand300, c.white];
  let out = '';
  rows.forEach((row, index) => {
    let cursor = x + row.indent * 22;
    const top = y + index * lineHeight;
    out += rrect(x - 34, top, 18, barHeight, 3, c.steelLight, 'opacity="0.7"');
    for (const [fraction, colour] of row.tokens) {
      const w = Math.max(12, fraction * width);
      out += rrect(cursor, top, w, barHeight, barHeight / 2, palette[colour]);
      cursor += w + 10;
    }
  });
  return out;
}

const codeRows = [
  {
    indent: 0,
    tokens: [
      [0.12, 4],
      [0.2, 0],
      [0.08, 5],
    ],
  },
  {
    indent: 1,
    tokens: [
      [0.1, 1],
      [0.26, 0],
    ],
  },
  {
    indent: 1,
    tokens: [
      [0.16, 2],
      [0.1, 5],
      [0.18, 3],
    ],
  },
  {
    indent: 2,
    tokens: [
      [0.22, 0],
      [0.12, 1],
    ],
  },
  {
    indent: 2,
    tokens: [
      [0.08, 4],
      [0.3, 2],
    ],
  },
  { indent: 1, tokens: [[0.06, 5]] },
  {
    indent: 1,
    tokens: [
      [0.14, 1],
      [0.2, 0],
      [0.1, 3],
    ],
  },
  { indent: 2, tokens: [[0.28, 2]] },
  { indent: 0, tokens: [[0.06, 5]] },
];

function plant(x, y, scale = 1, pot = c.terracotta) {
  const s = (v) => v * scale;
  return `<g transform="translate(${x} ${y})">
    ${pathD(`M0 0 C ${s(-70)} ${s(-40)} ${s(-90)} ${s(-120)} ${s(-60)} ${s(-170)} C ${s(-20)} ${s(-120)} ${s(-10)} ${s(-60)} 0 0 Z`, c.leaf)}
    ${pathD(`M0 0 C ${s(60)} ${s(-30)} ${s(100)} ${s(-110)} ${s(70)} ${s(-160)} C ${s(30)} ${s(-120)} ${s(10)} ${s(-60)} 0 0 Z`, c.leafLight)}
    ${pathD(`M0 0 C ${s(-20)} ${s(-80)} ${s(-10)} ${s(-170)} ${s(10)} ${s(-220)} C ${s(35)} ${s(-160)} ${s(25)} ${s(-80)} 0 0 Z`, c.leaf)}
    ${pathD(`M${s(-48)} 0 H ${s(48)} L ${s(38)} ${s(80)} H ${s(-38)} Z`, pot)}
    ${rect(s(-54), s(-8), s(108), s(18), c.coral, 'rx="4"')}
  </g>`;
}

function mug(x, y, colour, steam = true) {
  return `<g transform="translate(${x} ${y})">
    ${steam ? `<path d="M14 -22 c -10 -14 10 -22 0 -38 M34 -22 c -10 -14 10 -22 0 -38" stroke="${c.white}" stroke-width="5" stroke-linecap="round" fill="none" opacity="0.75"/>` : ''}
    ${rrect(0, 0, 50, 58, 8, colour)}
    <path d="M50 14 h8 a12 12 0 0 1 0 24 h-8" stroke="${colour}" stroke-width="8" fill="none"/>
    ${rect(0, 10, 50, 6, c.white, 'opacity="0.35"')}
  </g>`;
}

function books(x, y, specs) {
  let cursor = x;
  return specs
    .map(([w, h, colour, tilt = 0]) => {
      const book = `<g transform="rotate(${tilt} ${cursor + w / 2} ${y})">${rrect(cursor, y - h, w, h, 3, colour)}${rect(cursor + 4, y - h + 14, w - 8, 5, c.white, 'opacity="0.5"')}</g>`;
      cursor += w + 4;
      return book;
    })
    .join('');
}

function svg(body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${defs}</defs>${body}</svg>`;
}

/** A bright morning desk: laptop with code, coffee, plant, window with a skyline. */
function desk1() {
  const defs = `
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.brand50}"/><stop offset="1" stop-color="${c.brand100}"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fc0ff"/><stop offset="1" stop-color="#e3ecff"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${c.sun}" stop-opacity="0"/></linearGradient>`;
  const window = `
    ${rrect(110, 90, 470, 430, 14, c.white)}
    ${rrect(126, 106, 438, 398, 8, 'url(#sky)')}
    ${circle(470, 190, 46, c.sun, 'opacity="0.9"')}
    ${ellipse(250, 200, 70, 22, c.white, 'opacity="0.9"')}${ellipse(300, 186, 48, 20, c.white, 'opacity="0.9"')}
    ${rect(150, 380, 60, 124, c.brand300)}${rect(220, 330, 80, 174, c.brand600)}${rect(310, 400, 50, 104, c.brand300)}
    ${rect(370, 300, 70, 204, c.brand700)}${rect(450, 360, 60, 144, c.brand300)}${rect(515, 410, 49, 94, c.brand600)}
    ${[0, 1, 2, 3, 4].map((i) => rect(238, 350 + i * 28, 12, 12, c.brand100, 'opacity="0.8"') + rect(268, 350 + i * 28, 12, 12, c.brand100, 'opacity="0.8"')).join('')}
    ${[0, 1, 2, 3, 4, 5].map((i) => rect(388, 320 + i * 28, 12, 12, c.sun, 'opacity="0.8"') + rect(414, 320 + i * 28, 12, 12, c.brand100, 'opacity="0.6"')).join('')}
    ${rect(339, 106, 12, 398, c.white)}${rect(126, 300, 438, 10, c.white)}
    ${rrect(96, 512, 498, 18, 6, c.white)}`;
  const shelf = `
    ${rrect(760, 250, 420, 16, 4, c.woodDark)}
    ${books(780, 250, [
      [26, 120, c.brand700],
      [22, 104, c.amber],
      [30, 128, c.brand300],
      [20, 96, c.coral],
      [28, 116, c.brand600],
    ])}
    ${plant(1080, 214, 0.45, c.brand600)}
    ${rrect(940, 178, 70, 72, 6, c.white)}${rrect(948, 186, 54, 56, 4, c.brand200)}${pathD('M952 238 l16 -22 l12 14 l8 -8 l12 16 z', c.brand600)}`;
  const lamp = `
    ${rect(1396, 0, 6, 170, c.steel)}
    ${pathD('M1340 240 L1458 240 L1420 168 L1378 168 Z', c.amber)}
    ${ellipse(1399, 242, 59, 9, c.sun)}
    ${pathD('M1344 246 L1454 246 L1560 640 L1236 640 Z', 'url(#beam)')}`;
  const desk = `
    ${rect(0, 640, WIDTH, 260, c.brand200)}
    ${rect(0, 640, WIDTH, 8, c.brand300, 'opacity="0.5"')}
    ${rrect(150, 600, 1300, 40, 10, c.wood)}
    ${rect(150, 630, 1300, 30, c.woodDark)}
    ${rect(210, 660, 34, 240, c.woodShade)}${rect(1356, 660, 34, 240, c.woodShade)}
    ${rrect(1030, 660, 300, 150, 8, c.woodDark)}${rrect(1050, 690, 260, 8, 4, c.woodShade)}${rrect(1050, 750, 260, 8, 4, c.woodShade)}`;
  const laptop = `
    ${rrect(530, 300, 520, 310, 18, c.ink)}
    ${rrect(548, 318, 484, 274, 8, c.brand900)}
    ${rrect(548, 318, 484, 26, 8, c.brand800)}
    ${circle(566, 331, 5, c.coral)}${circle(584, 331, 5, c.sun)}${circle(602, 331, 5, c.mint)}
    ${codeLines(620, 362, 360, codeRows)}
    ${rrect(846, 560, 170, 22, 4, c.brand700, 'opacity="0.9"')}
    ${pathD('M470 604 H1110 L1090 628 H490 Z', c.steelLight)}
    ${rrect(740, 604, 100, 8, 4, c.steel)}`;
  const props = `
    ${mug(1150, 542, c.coral)}
    <g transform="rotate(-6 360 590)">${rrect(280, 566, 170, 34, 5, c.brand600)}${rect(280, 574, 170, 4, c.brand200)}${rrect(300, 556, 130, 12, 4, c.white)}</g>
    ${plant(1300, 556, 0.55)}`;
  return svg(`${rect(0, 0, WIDTH, HEIGHT, 'url(#wall)')}${window}${shelf}${lamp}${desk}${laptop}${props}`, defs);
}

/** An evening workspace: two monitors with an architecture diagram and a chart, desk lamp glow. */
function desk2() {
  const defs = `
    <linearGradient id="wall2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.brand800}"/><stop offset="1" stop-color="${c.brand900}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffb347" stop-opacity="0.28"/><stop offset="1" stop-color="#ffb347" stop-opacity="0"/></radialGradient>
    <linearGradient id="cone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffd98a" stop-opacity="0.45"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0.05"/></linearGradient>`;
  const board = `
    ${rrect(120, 110, 330, 250, 12, '#d9a46c')}
    ${rrect(132, 122, 306, 226, 8, '#e7b883')}
    <g transform="rotate(-4 200 180)">${rrect(160, 150, 90, 84, 4, c.sun)}</g>
    <g transform="rotate(3 320 170)">${rrect(280, 140, 90, 84, 4, c.rose)}</g>
    <g transform="rotate(2 220 280)">${rrect(180, 250, 90, 80, 4, c.brand200)}</g>
    <g transform="rotate(-3 340 280)">${rrect(300, 250, 90, 80, 4, c.mint)}</g>
    ${[
      [205, 152],
      [325, 142],
      [225, 252],
      [345, 252],
    ]
      .map(([x, y]) => circle(x, y, 6, c.coral))
      .join('')}`;
  const window = `
    ${rrect(1170, 90, 330, 380, 12, c.brand700)}
    ${rrect(1184, 104, 302, 352, 6, '#0f1f4a')}
    ${circle(1420, 170, 34, '#f6f1d8')}${circle(1406, 160, 34, '#0f1f4a')}
    ${[
      [1220, 150],
      [1280, 210],
      [1350, 130],
      [1240, 300],
      [1450, 280],
      [1320, 360],
      [1460, 400],
    ]
      .map(([x, y]) => circle(x, y, 3, c.white, 'opacity="0.8"'))
      .join('')}
    ${rect(1184, 390, 302, 66, '#1a2d66')}${rect(1230, 360, 50, 96, '#213a80')}${rect(1380, 340, 60, 116, '#213a80')}
    ${rect(1329, 104, 12, 352, c.brand700)}`;
  const lamp = `
    ${circle(380, 470, 260, 'url(#glow)')}
    ${rrect(300, 632, 110, 16, 6, c.steel)}
    <path d="M355 632 L300 480 L390 420" stroke="${c.steel}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
    ${pathD('M360 380 L460 440 L420 480 L330 420 Z', c.amber)}
    ${pathD('M420 480 L460 440 L540 624 L330 624 Z', 'url(#cone)')}`;
  const desk = `
    ${rect(0, 650, WIDTH, 250, '#14265a')}
    ${rrect(90, 624, 1420, 36, 10, c.wood)}
    ${rect(90, 650, 1420, 26, c.woodDark)}
    ${rect(150, 676, 30, 224, c.woodShade)}${rect(1420, 676, 30, 224, c.woodShade)}`;
  const monitorLeft = `
    ${rect(636, 520, 24, 92, c.steel)}${rrect(586, 606, 124, 18, 6, c.steelLight)}
    ${rrect(470, 250, 360, 280, 14, c.ink)}
    ${rrect(486, 266, 328, 234, 6, c.brand50)}
    ${rrect(506, 290, 96, 54, 8, c.brand600)}${rrect(700, 290, 96, 54, 8, c.amber)}
    ${rrect(604, 412, 96, 54, 8, c.leaf)}
    <path d="M554 344 L640 412 M748 344 L664 412 M602 317 H700" stroke="${c.brand900}" stroke-width="5" fill="none" stroke-linecap="round"/>
    ${rrect(520, 312, 60, 8, 4, c.white)}${rrect(714, 312, 60, 8, 4, c.white)}${rrect(618, 434, 60, 8, 4, c.white)}`;
  const monitorRight = `
    ${rect(1006, 520, 24, 92, c.steel)}${rrect(956, 606, 124, 18, 6, c.steelLight)}
    ${rrect(850, 250, 340, 280, 14, c.ink)}
    ${rrect(866, 266, 308, 234, 6, c.brand900)}
    ${[
      [0.45, c.brand300],
      [0.62, c.brand200],
      [0.38, c.brand300],
      [0.8, c.amber],
      [0.7, c.brand200],
      [0.92, c.mint],
    ]
      .map(([h, colour], i) => rrect(896 + i * 44, 470 - h * 170, 28, h * 170, 4, colour))
      .join('')}
    <path d="M906 420 L950 380 L994 400 L1038 330 L1082 350 L1126 290" stroke="${c.rose}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    ${rect(886, 474, 268, 3, c.steelLight)}`;
  const props = `
    ${rrect(600, 636, 380, 26, 8, c.steelLight)}
    ${Array.from({ length: 3 }, (_, row) => Array.from({ length: 14 }, (_, col) => rrect(614 + col * 25.5, 640 + row * 7, 20, 4, 1.5, c.brand100, 'opacity="0.7"')).join('')).join('')}
    ${rrect(1010, 636, 44, 24, 12, c.steelLight)}
    ${mug(1190, 566, c.brand300, false)}
    <g transform="translate(1290 560)"><path d="M0 60 v-28 a50 50 0 0 1 100 0 v28" stroke="${c.coral}" stroke-width="12" fill="none"/>${rrect(-10, 34, 26, 44, 10, c.coral)}${rrect(84, 34, 26, 44, 10, c.coral)}</g>
    ${rrect(170, 600, 150, 24, 4, c.rose)}${rrect(180, 578, 130, 22, 4, c.brand300)}${rrect(176, 558, 140, 20, 4, c.amber)}`;
  return svg(`${rect(0, 0, WIDTH, HEIGHT, 'url(#wall2)')}${board}${window}${lamp}${desk}${monitorLeft}${monitorRight}${props}`, defs);
}

/** A person seen from the front or in profile: head, hair and torso in flat shapes. */
function person({ x, y, skin, hair, shirt, hairStyle = 'short', scale = 1 }) {
  const crown = 'M-39 8 C -46 -62 46 -62 39 8 C 32 -12 -6 -24 -39 8 Z';
  const back =
    hairStyle === 'long'
      ? pathD('M-42 0 C -48 -60 48 -60 42 0 L 46 74 H -46 Z', hair)
      : hairStyle === 'bun'
        ? circle(0, -50, 17, hair)
        : '';
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    ${pathD('M-70 170 C -70 100 -40 74 0 74 C 40 74 70 100 70 170 Z', shirt)}
    ${rect(-12, 40, 24, 40, skin)}
    ${back}
    ${ellipse(0, 4, 36, 42, skin)}
    ${pathD(crown, hair)}
  </g>`;
}

/** A meeting room: a sprint demo on the wall screen, a team around the table. */
function meeting() {
  const defs = `
    <linearGradient id="wall3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f8ff"/><stop offset="1" stop-color="${c.brand100}"/></linearGradient>`;
  const blinds = `
    ${rrect(80, 90, 300, 420, 10, c.brand200)}
    ${rrect(94, 104, 272, 392, 4, '#cfe0ff')}
    ${Array.from({ length: 12 }, (_, i) => rect(94, 112 + i * 32, 272, 14, c.brand50, 'opacity="0.9"')).join('')}
    ${rect(94, 104, 272, 8, c.brand300)}`;
  const screen = `
    ${rrect(520, 90, 560, 330, 16, c.ink)}
    ${rrect(538, 108, 524, 294, 8, c.white)}
    ${rrect(538, 108, 524, 40, 8, c.brand700)}${rect(538, 136, 524, 12, c.brand700)}
    ${circle(560, 128, 6, c.coral)}${circle(580, 128, 6, c.sun)}${circle(600, 128, 6, c.mint)}
    ${['#eef4ff', '#fff4e0', '#e8f7ef'].map((bg, col) => rrect(558 + col * 168, 164, 152, 220, 8, bg)).join('')}
    ${[c.brand300, c.brand600, c.brand200].map((colour, i) => rrect(570, 180 + i * 62, 128, 48, 6, colour)).join('')}
    ${[c.amber, c.sun].map((colour, i) => rrect(738, 180 + i * 62, 128, 48, 6, colour)).join('')}
    ${[c.mint, c.leafLight, c.mint].map((colour, i) => rrect(906, 180 + i * 62, 128, 48, 6, colour)).join('')}
    ${[0, 1, 2].map((i) => rrect(584, 196 + i * 62, 80, 8, 4, c.white)).join('')}
    ${[0, 1].map((i) => rrect(752, 196 + i * 62, 80, 8, 4, c.white)).join('')}
    <path d="M924 214 l12 12 l24 -26" stroke="${c.white}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    ${rect(794, 420, 12, 40, c.steel)}`;
  const plantCorner = plant(1490, 624, 0.95, c.brand600);
  const clock = `${circle(1260, 170, 54, c.white)}${circle(1260, 170, 46, c.brand50)}<path d="M1260 170 V136 M1260 170 L1284 184" stroke="${c.ink}" stroke-width="6" stroke-linecap="round"/>`;
  const presenter = `
    ${person({ x: 1180, y: 330, skin: '#8d5a3b', hair: c.ink, shirt: c.coral, scale: 1.15 })}
    ${rect(1120, 520, 36, 150, c.brand900)}${rect(1200, 520, 36, 150, c.brand900)}
    <path d="M1120 440 L1050 360" stroke="#8d5a3b" stroke-width="22" stroke-linecap="round"/>`;
  const table = `
    ${rect(0, 700, WIDTH, 200, c.brand200)}
    ${pathD('M180 600 H1380 L1480 720 H80 Z', c.wood)}
    ${rect(80, 720, 1400, 30, c.woodDark)}
    ${rect(160, 750, 40, 150, c.woodShade)}${rect(1360, 750, 40, 150, c.woodShade)}`;
  const team = `
    ${person({ x: 330, y: 470, skin: '#f1c7a5', hair: '#5a3a22', shirt: c.brand600, hairStyle: 'long' })}
    ${person({ x: 560, y: 480, skin: '#c68863', hair: c.ink, shirt: c.amber, hairStyle: 'short' })}
    ${person({ x: 800, y: 474, skin: '#e0ac89', hair: '#b35c2e', shirt: c.leaf, hairStyle: 'bun' })}
    ${person({ x: 1010, y: 486, skin: '#f1c7a5', hair: '#2f2f3a', shirt: c.brand800, hairStyle: 'short' })}`;
  const tableProps = `
    <g transform="translate(250 620)">${pathD('M0 40 L20 0 H150 L170 40 Z', c.steelLight)}${rrect(20, -80, 130, 84, 8, c.steel)}${circle(85, -40, 10, c.brand200)}</g>
    <g transform="translate(880 620)">${pathD('M0 40 L20 0 H150 L170 40 Z', c.steelLight)}${rrect(20, -80, 130, 84, 8, c.steel)}${circle(85, -40, 10, c.brand200)}</g>
    ${mug(520, 616, c.coral, false)}${mug(1130, 620, c.brand600, false)}
    <g transform="rotate(8 720 650)">${rrect(650, 630, 140, 40, 4, c.white)}${rect(666, 642, 100, 4, c.brand300)}${rect(666, 652, 80, 4, c.brand300)}</g>`;
  return svg(
    `${rect(0, 0, WIDTH, HEIGHT, 'url(#wall3)')}${blinds}${screen}${clock}${plantCorner}${presenter}${table}${team}${tableProps}`,
    defs,
  );
}

const images = { desk1, desk2, meeting };

await mkdir(outDir, { recursive: true });
for (const [name, draw] of Object.entries(images)) {
  const file = path.join(outDir, `${name}.webp`);
  const info = await sharp(Buffer.from(draw())).webp({ quality: 82, effort: 6 }).toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(1)} KiB`);
}
