// Types for the modules of @mdn/mdn-http-observatory that observatory-scan.ts imports; the
// package is JavaScript with JSDoc and ships no declarations.

declare module '@mdn/mdn-http-observatory/src/retriever/retriever.js' {
  interface HttpResponse {
    status: number;
    headers: Record<string, string>;
    verified?: boolean;
  }
  interface Requests {
    hostname: string;
    responses: { auto: HttpResponse | null; http: HttpResponse | null; https: HttpResponse | null };
    session: { url: URL; redirectHistory: { url: URL; status: number }[] } | null;
  }
  export function retrieve(
    hostname: string,
    options?: { httpPort?: number; httpsPort?: number; path?: string },
  ): Promise<Requests>;
}

declare module '@mdn/mdn-http-observatory/src/constants.js' {
  interface Output {
    result: string | null;
    pass: boolean;
    scoreModifier: number;
    scoreDescription: string;
  }
  export const ALL_TESTS: ((requests: unknown) => Output)[];
  export const NUM_TESTS: number;
  export const ALGORITHM_VERSION: number;
}

declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getGradeForScore(score: number): { score: number; grade: string };
  export function getScoreDescription(expectation: string): string;
  export function getScoreModifier(expectation: string): number;
}

declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number;
}
