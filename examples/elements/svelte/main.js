import { mount } from 'svelte';
import 'gamenotation/elements';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
