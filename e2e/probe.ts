import { expect } from 'chai';
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';

/** What went wrong on a page while a spec drove it. */
export class PageProbe {
  /** `console.error` messages and uncaught exceptions. */
  readonly consoleErrors: string[] = [];
  /** Network failures and HTTP error answers, as `METHOD /path → status|error`. */
  readonly failedRequests: string[] = [];
  /**
   * Requests to any host but the test server (the browser cannot resolve other hosts: see
   * CHROMIUM_ARGS in setup.ts, so they never leave the machine).
   */
  readonly externalRequests: string[] = [];

  constructor(private readonly origin: string) {}

  attach(page: Page): void {
    page.on('request', (request) => this.onRequest(request));
    page.on('console', (message) => this.onConsole(message));
    page.on('pageerror', (error) => this.consoleErrors.push(`uncaught: ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) => this.onRequestFailed(request));
    page.on('response', (response) => this.onResponse(response));
  }

  /** Every problem, one per line (for failure reports). */
  report(): string {
    const section = (title: string, lines: string[]) => (lines.length ? [`${title}:`, ...lines.map((l) => `  ${l}`)] : []);
    return [
      ...section('console errors', this.consoleErrors),
      ...section('failed requests', this.failedRequests),
      ...section('requests to other hosts', this.externalRequests),
    ].join('\n');
  }

  /**
   * Asserts the page logged no console error, made no request outside the test server, and
   * every request succeeded except the `allowed` answers (`METHOD /path → status`). A signed-out
   * visitor's session check is not a failure: it answers 200 (`not_signed_in`).
   */
  expectNoProblems(allowed: readonly string[] = []): void {
    expect(this.consoleErrors, 'console errors').to.deep.equal([]);
    expect(this.externalRequests, 'requests outside the test server').to.deep.equal([]);
    expect(this.failedRequests.filter((line) => !allowed.includes(line)), 'failed requests').to.deep.equal([]);
  }

  private describe(request: Request): string {
    const url = new URL(request.url());
    const where = url.origin === this.origin ? url.pathname + url.search : url.href;
    return `${request.method()} ${where}`;
  }

  private onRequest(request: Request): void {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== this.origin) {
      this.externalRequests.push(request.url());
    }
  }

  private onConsole(message: ConsoleMessage): void {
    if (message.type() !== 'error') return;
    // Chromium echoes every HTTP error answer as a console error; onResponse lists those with their URL.
    if (message.text().startsWith('Failed to load resource:')) return;
    this.consoleErrors.push(message.text());
  }

  private onRequestFailed(request: Request): void {
    const failure = request.failure()?.errorText ?? 'failed';
    // Requests cut short by a navigation or a reload are not failures of the page.
    if (failure === 'net::ERR_ABORTED' || new URL(request.url()).origin !== this.origin) return;
    this.failedRequests.push(`${this.describe(request)} → ${failure}`);
  }

  private onResponse(response: Response): void {
    if (response.status() >= 400) this.failedRequests.push(`${this.describe(response.request())} → ${response.status()}`);
  }
}
