/** The parts of wink-naive-bayes-text-classifier (2.x) the spam filter uses; it ships no types. */
declare module 'wink-naive-bayes-text-classifier' {
  export interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: never) => unknown)[]): number;
    learn(input: string[], label: string): boolean;
    consolidate(): boolean;
    /** Each label with its log2 odds against the others, most likely first; [['unknown', 0]] when no token is known. */
    computeOdds(input: string[]): [string, number][];
    stats(): {
      labelWiseSamples: Record<string, number>;
      labelWiseWords: Record<string, number>;
      vocabulary: number;
    };
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
  export default naiveBayesTextClassifier;
}
