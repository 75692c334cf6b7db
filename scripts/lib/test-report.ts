/**
 * Reads the JSON reports of Vitest and Playwright into one shape: how many
 * passed, failed and were skipped, the name of every skipped test (with its
 * suite, whose title says why it was skipped) and of every failed one (with the
 * first line of its error), so a CI log's tail says what to look at.
 */
export interface StageResult {
  passed: number;
  failed: number;
  skipped: number;
  skippedNames: string[];
  failedNames: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status?: string;
    message?: string;
    assertionResults: {
      ancestorTitles: string[];
      title: string;
      status: string;
      failureMessages?: string[] | null;
    }[];
  }[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    tests: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
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
  if (!report) return noReport;
  const nameOf = (file: string, test: { ancestorTitles: string[]; title: string }) =>
    [relativeName(file), ...test.ancestorTitles, test.title].join(' › ');
  const skippedNames = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status !== 'passed' && test.status !== 'failed')
      .map((test) => nameOf(file.name, test)),
  );
  const failedNames = report.testResults.flatMap((file) => {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed before any of its tests ran (an import or a hook) has no failed test.
    if (failedTests.length === 0 && file.status === 'failed') {
      return [withReason(relativeName(file.name), file.message)];
    }
    return failedTests.map((test) =>
      withReason(nameOf(file.name, test), test.failureMessages?.[0]),
    );
  });
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (runnerOk || report.numFailedTests > 0 ? 0 : 1),
    skipped: report.numPendingTests + report.numTodoTests,
    skippedNames,
    failedNames,
  };
}

export function playwrightResult(
  report: PlaywrightReport | undefined,
  runnerOk: boolean,
): StageResult {
  if (!report) return noReport;
  const skippedNames: string[] = [];
  const failedNames: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      if (spec.tests.length > 0 && spec.tests.every((test) => test.status === 'skipped')) {
        skippedNames.push([...here, spec.title].join(' › '));
      }
      const failing = spec.tests.find((test) => test.status === 'unexpected');
      if (failing) {
        const error = failing.results?.find((result) => result.error)?.error?.message;
        failedNames.push(withReason([...here, spec.title].join(' › '), error));
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
    failedNames,
  };
}

const noReport: StageResult = {
  passed: 0,
  failed: 1,
  skipped: 0,
  skippedNames: [],
  failedNames: ['(the runner wrote no report)'],
};

/** The test's name and the first line of its error, without terminal colours. */
function withReason(name: string, message: string | undefined): string {
  const firstLine =
    (message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .trim()
      .split('\n')[0] ?? '';
  const reason = firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
  return reason ? `${name}: ${reason}` : name;
}

export function summaryLine(total: Omit<StageResult, 'skippedNames' | 'failedNames'>): string {
  return `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`;
}
