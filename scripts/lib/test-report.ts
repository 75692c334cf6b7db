/**
 * Reads the JSON reports of Vitest and Playwright into one shape: how many
 * passed, failed and were skipped, and the name of every skipped test (with
 * its suite, whose title says why it was skipped).
 */
export interface StageResult {
  passed: number;
  failed: number;
  skipped: number;
  skippedNames: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string }[];
  }[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * `runnerOk` is the runner's exit status: a runner that crashed without
 * reporting a failing test still counts as one failure.
 */
export function vitestResult(
  report: VitestReport | undefined,
  runnerOk: boolean,
  relativeName: (file: string) => string,
): StageResult {
  if (!report) return { passed: 0, failed: 1, skipped: 0, skippedNames: [] };
  const skippedNames = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status !== 'passed' && test.status !== 'failed')
      .map((test) => [relativeName(file.name), ...test.ancestorTitles, test.title].join(' › ')),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (runnerOk || report.numFailedTests > 0 ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
    skippedNames,
  };
}

export function playwrightResult(
  report: PlaywrightReport | undefined,
  runnerOk: boolean,
): StageResult {
  if (!report) return { passed: 0, failed: 1, skipped: 0, skippedNames: [] };
  const skippedNames: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.length > 0 && spec.tests.every((test) => test.status === 'skipped')) {
        skippedNames.push([...here, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites) visit(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    passed: expected + flaky,
    failed: unexpected + (runnerOk || unexpected > 0 ? 0 : 1),
    skipped,
    skippedNames,
  };
}

export function summaryLine(total: Omit<StageResult, 'skippedNames'>): string {
  return `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
}
