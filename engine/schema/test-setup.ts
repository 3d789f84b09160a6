// Vitest setup: unit tests read documents from the built-in files under schemas/
// (the browser reads them from the server's document store, which they seed).
// Vitest runs from the repository root, in node and in jsdom alike.
import { resolve } from 'node:path';
import { fileSource } from './load-fs';
import { setDocumentSource } from './registry';

setDocumentSource(fileSource(resolve('schemas')));
