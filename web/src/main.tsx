import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initialLanguage, startI18n } from './i18n';
import './styles/global.css';

// The page's catalogue first (one small file), so the first render is already in its language.
startI18n(initialLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
