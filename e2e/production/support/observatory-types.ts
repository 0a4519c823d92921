/** One of the Observatory's tests, as its grader left it. */
export interface ObservatoryTest {
  pass: boolean;
  /** The Observatory's expectation name, e.g. `csp-implemented-with-no-unsafe`. */
  result: string;
  scoreModifier: number;
  scoreDescription: string;
}

/** The Observatory's verdict on one host. */
export interface ObservatoryGrade {
  hostname: string;
  grade: string;
  score: number;
  algorithmVersion: number;
  statusCode: number;
  testsPassed: number;
  testsFailed: number;
  testsQuantity: number;
  /** Where the redirection test's chain from `http://<hostname>/` ended. */
  redirectedTo: string | null;
  tests: Record<string, ObservatoryTest>;
}

/** observatory-scan.ts's line for one host. */
export type ObservatoryAnswer = { grade: ObservatoryGrade } | { error: string };
