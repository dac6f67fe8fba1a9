import { createApp } from 'vue';
import 'gamenotation/elements';
import App from './App.vue';

createApp(App).mount('#app');
