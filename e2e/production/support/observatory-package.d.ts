// The public scan() of @mdn/mdn-http-observatory (its "main", src/index.js), as far as
// observatory-scan.ts reads it; the package is JavaScript with JSDoc and ships no declarations
// (the shapes are ScanResult and BaseOutput in its src/types.js).

declare module '@mdn/mdn-http-observatory' {
  interface TestOutput {
    pass: boolean | null;
    result: string | null;
    scoreModifier: number | null;
    scoreDescription: string | null;
    /** The redirection test's: where the chain from http:// ended. */
    destination?: string | null;
  }
  export interface ScanResult {
    scan: {
      algorithmVersion: number;
      grade: string | null;
      score: number | null;
      statusCode: number | null;
      testsFailed: number;
      testsPassed: number;
      testsQuantity: number;
    };
    tests: Record<string, TestOutput>;
  }
  export function scan(hostname: string): Promise<ScanResult>;
}
