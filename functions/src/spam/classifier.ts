/** Naive Bayes on the model `npm run spam:train` made (model.json), the studio's marks on top. */
import naiveBayes, { type NaiveBayesTextClassifier } from 'wink-naive-bayes-text-classifier';
import model from './model.json';

export const SPAM = 'spam';
export const HAM = 'ham';
type Label = typeof SPAM | typeof HAM;

/** One message the studio marked: its label and its features (hashed words, features.ts). */
export interface LabelledFeatures {
  label: Label;
  features: string[];
}

/** How many corpus mails one mark of the studio weighs: the studio knows its own visitors. */
const MARK_WEIGHT = 8;

/** Each word counts once per message, so a word repeated 500 times weighs as much as once. */
const CONFIG = { considerOnlyPresence: true, smoothingFactor: 0.2 };

function blank(): NaiveBayesTextClassifier {
  const nbc = naiveBayes();
  nbc.defineConfig(CONFIG);
  nbc.definePrepTasks([(features: string[]) => features]);
  return nbc;
}

/** A new classifier learnt from `examples` alone: what the training script exports. */
export function train(examples: Iterable<LabelledFeatures>): NaiveBayesTextClassifier {
  const nbc = blank();
  for (const { label, features } of examples) nbc.learn(features, label);
  nbc.consolidate();
  return nbc;
}

export function withMarks(marks: Iterable<LabelledFeatures>): NaiveBayesTextClassifier {
  const nbc = blank();
  nbc.importJSON(JSON.stringify(model));
  for (const { label, features } of marks)
    for (let i = 0; i < MARK_WEIGHT; i++) nbc.learn(features, label);
  nbc.consolidate();
  return nbc;
}

/** Log2 odds of spam against not spam; 0 when the classifier knows none of the words. */
export function spamOdds(nbc: NaiveBayesTextClassifier, features: string[]): number {
  const odds = nbc.computeOdds(features);
  const spam = odds.find(([label]) => label === SPAM);
  return spam ? spam[1] : 0;
}
