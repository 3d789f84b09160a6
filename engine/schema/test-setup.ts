// Vitest setup: unit tests read documents from the built-in files under schemas/
// (the browser reads them from the server's document store, which they seed).
// Vitest runs from the repository root, in node and in jsdom alike.
import { resolve } from 'node:path';
import fc from 'fast-check';
import { fileSource } from './load-fs';
import { setDocumentSource } from './registry';

setDocumentSource(fileSource(resolve('schemas')));

// A property's runs, shrinking included, stop after two minutes (a failure found by then is still reported,
// with the smallest case reached): a property that failed in CI once shrank for over 25 minutes, holding the
// whole Vitest run, whose per-test timeout cannot stop synchronous code.
fc.configureGlobal({ ...fc.readConfigureGlobal(), interruptAfterTimeLimit: 120_000 });
