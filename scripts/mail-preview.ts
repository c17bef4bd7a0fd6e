// `npm run mail:preview [folder]`: every mail template in every language as .html and .txt,
// with sample values, to read and screenshot (default folder: test-results/mail-preview).
import fs from 'node:fs';
import path from 'node:path';
import { languages } from '../lib/contract/languages';
import { renderSample } from '../server/email/samples';
import { templateShapes, type EmailKind } from '../server/email/templates';

async function main() {
  const folder = path.resolve(process.argv[2] ?? 'test-results/mail-preview');
  fs.mkdirSync(folder, { recursive: true });
  const origin = process.env.SITE_URL ?? 'http://localhost:3000';
  for (const kind of Object.keys(templateShapes) as EmailKind[]) {
    for (const language of languages) {
      const mail = await renderSample(kind, language, origin);
      fs.writeFileSync(path.join(folder, `${kind}.${language}.html`), mail.html);
      fs.writeFileSync(path.join(folder, `${kind}.${language}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    }
  }
  process.stdout.write(`Wrote ${Object.keys(templateShapes).length * languages.length} mails (HTML and text) to ${folder}\n`);
}

void main();
