/**
 * `npm run spam:train`: learns the spam filter's model from the training part of the
 * SpamAssassin corpus (scripts/spam/corpus.ts) and writes functions/src/spam/model.json. Run it
 * after a change to the features (functions/src/spam/features.ts) and commit the model: the
 * function loads it as it is and never trains at start. Takes a few seconds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAM, SPAM, train } from '../functions/src/spam/classifier';
import { features } from '../functions/src/spam/features';
import { loadCorpus } from './spam/corpus';

/** A word must be in this many training mails to be in the model: rarer ones are noise. */
const MIN_MAILS = 4;
/** At most this many words, the most common first: keeps the model small. */
const MAX_WORDS = 12_000;

const OUT = join(import.meta.dirname, '../functions/src/spam/model.json');

const training = loadCorpus()
  .filter((m) => !m.heldOut)
  .map((m) => ({ label: m.spam ? SPAM : HAM, features: features(m.text) }) as const);

const mails = new Map<string, number>();
for (const { features: f } of training)
  for (const word of f) mails.set(word, (mails.get(word) ?? 0) + 1);
const kept = new Set(
  [...mails]
    .filter(([, n]) => n >= MIN_MAILS)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_WORDS)
    .map(([word]) => word),
);

const nbc = train(training.map((m) => ({ ...m, features: m.features.filter((w) => kept.has(w)) })));
const json = nbc.exportJSON();
writeFileSync(OUT, `${json}\n`);
const { labelWiseSamples, vocabulary } = nbc.stats();
console.log(
  `Learnt ${labelWiseSamples[SPAM]} spam and ${labelWiseSamples[HAM]} other mails, ${vocabulary} words; ` +
    `wrote ${OUT} (${(json.length / 1024).toFixed(0)} KB).`,
);
