/** The inbox page's one script (inbox.html): it never loads on the visitors' pages. */
import { createRoot } from 'react-dom/client';
import { InboxApp } from './InboxApp';
import './inbox.css';

createRoot(document.getElementById('inbox')!).render(<InboxApp />);
