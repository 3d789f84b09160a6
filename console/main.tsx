import { createRoot } from 'react-dom/client';

// Start-up dispatch lands here (issue 4); this entry only proves the build.
createRoot(document.getElementById('root')!).render(<p>Fleet Console 5.4.1</p>);
