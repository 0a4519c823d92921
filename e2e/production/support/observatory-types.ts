/** What observatory-scan.ts is asked: one host, by its name, on the gateway's ports. */
export interface ObservatoryRequest {
  hostname: string;
  httpPort: number;
  httpsPort: number;
}

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
  /** Whether the certificate check passed on the first try (false: the unverified retry was used). */
  verified: { http: boolean | null; https: boolean | null };
  finalUrl: string | null;
  tests: Record<string, ObservatoryTest>;
}
