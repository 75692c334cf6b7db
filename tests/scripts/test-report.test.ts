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
    });
    expect(summaryLine(result)).toBe('3 passed, 0 failed, 1 skipped');
  });

  it('counts a runner that failed without a report, or without a failing test, as a failure', () => {
    expect(vitestResult(undefined, false, String).failed).toBe(1);
    expect(vitestResult({ ...vitestReport, testResults: [] }, false, String).failed).toBe(1);
    expect(playwrightResult(undefined, false).failed).toBe(1);
  });

  it('names Playwright specs whose every test was skipped', () => {
    const result = playwrightResult(
      {
        stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 1 },
        suites: [
          {
            title: 'store.spec.ts',
            specs: [{ title: 'runs', tests: [{ status: 'expected' }] }],
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
      failed: 0,
      skipped: 1,
      skippedNames: ['store.spec.ts › storefront › needs Stripe'],
    });
  });
});
