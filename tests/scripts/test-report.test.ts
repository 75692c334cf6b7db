import { describe, expect, it } from 'vitest';
import {
  playwrightResult,
  summaryLine,
  vitestResult,
  type VitestReport,
} from '../../scripts/lib/test-report';

const vitestReport: VitestReport = {
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/src/a.test.ts',
      assertionResults: [
        { ancestorTitles: ['checkout'], title: 'reserves', status: 'passed' },
        {
          ancestorTitles: ['races on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)'],
          title: '50 buyers',
          status: 'skipped',
        },
      ],
    },
  ],
};

describe('the test summary', () => {
  it('counts and names skipped Vitest tests with their suite', () => {
    const result = vitestResult(vitestReport, true, (file) => file.replace('/repo/', ''));
    expect(result).toEqual({
      passed: 3,
      failed: 0,
      skipped: 1,
      skippedNames: [
        'src/a.test.ts › races on PostgreSQL (skipped: set TEST_DATABASE_URL to run it) › 50 buyers',
      ],
      failedNames: [],
    });
    expect(summaryLine(result)).toBe('3 passed, 0 failed, 1 skipped');
  });

  it('names each failed Vitest test with the first line of its error, and a file that failed to load', () => {
    const result = vitestResult(
      {
        ...vitestReport,
        numFailedTests: 1,
        testResults: [
          {
            name: '/repo/src/b.test.ts',
            status: 'failed',
            assertionResults: [
              {
                ancestorTitles: ['payouts'],
                title: 'adds up',
                status: 'failed',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x.ts:1',
                ],
              },
            ],
          },
          {
            name: '/repo/src/c.test.ts',
            status: 'failed',
            message: 'Cannot find module ./gone\nstack',
            assertionResults: [],
          },
        ],
      },
      false,
      (file) => file.replace('/repo/', ''),
    );
    expect(result.failedNames).toEqual([
      'src/b.test.ts › payouts › adds up: AssertionError: expected 1 to be 2',
      'src/c.test.ts: Cannot find module ./gone',
    ]);
  });

  it('counts a runner that failed without a report, or without a failing test, as a failure', () => {
    expect(vitestResult(undefined, false, String).failed).toBe(1);
    expect(vitestResult({ ...vitestReport, testResults: [] }, false, String).failed).toBe(1);
    expect(playwrightResult(undefined, false).failed).toBe(1);
  });

  it('names Playwright specs whose every test was skipped, and each failed one with its error', () => {
    const result = playwrightResult(
      {
        stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 1 },
        suites: [
          {
            title: 'store.spec.ts',
            specs: [
              { title: 'runs', tests: [{ status: 'expected' }] },
              {
                title: 'pays',
                tests: [
                  { status: 'unexpected', results: [{ error: { message: 'Timeout 5000ms' } }] },
                ],
              },
            ],
            suites: [
              {
                title: 'storefront',
                specs: [{ title: 'needs Stripe', tests: [{ status: 'skipped' }] }],
              },
            ],
          },
        ],
      },
      true,
    );
    expect(result).toEqual({
      passed: 3,
      failed: 1,
      skipped: 1,
      skippedNames: ['store.spec.ts › storefront › needs Stripe'],
      failedNames: ['store.spec.ts › pays: Timeout 5000ms'],
    });
  });
});
