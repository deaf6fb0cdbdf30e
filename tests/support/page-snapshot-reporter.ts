import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of the page's snapshot printed for a failure: enough for an open dialog or an error screen. */
const MOST_LINES = 60;

/**
 * Prints, under a failed test, the accessibility snapshot of its page at the moment it failed
 * (the YAML Playwright writes into the failure's error-context.md). CI keeps no files, so a
 * failure seen only there ("waiting for a link" that was hidden behind an error dialog, say)
 * could not be told apart from a slow page; with the snapshot in the log, it can.
 */
export default class PageSnapshotReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const snapshot = /```yaml\n([\s\S]*?)```/.exec(text)?.[1];
    if (!snapshot) return;
    const lines = snapshot.trimEnd().split('\n');
    // A dialog is drawn last in the page: the end of the snapshot says most.
    const shown = lines.length > MOST_LINES ? ['…', ...lines.slice(-MOST_LINES)] : lines;
    console.log(`\nPage at the failure of "${test.title}":\n${shown.map((line) => `    ${line}`).join('\n')}\n`);
  }
}
