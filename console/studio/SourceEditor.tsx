import type { DocumentKind } from '../../engine/schema/document-source';
import { Editor, type EditorProps } from './Editor';
import { metaSchemas } from './meta';

// The Source view: the code editor over the draft text, completing and explaining with
// the meta-schema of the document's kind (a chunk of its own, loaded beside the Design view).

export default function SourceEditor({ kind, ...props }: Omit<EditorProps, 'metaSchema'> & { kind: DocumentKind }) {
  return <Editor {...props} metaSchema={metaSchemas[kind]} />;
}
