import { start } from './startup/start';
import './styles/app.css';

void start(document.getElementById('root')!);
