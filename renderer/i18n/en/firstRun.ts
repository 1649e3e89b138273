export default {
  title: 'Welcome to BizOps Desktop',
  intro: 'Connect to your business with an API key, or look around first with demo data.',
  connect: 'Connect with an API key',
  connectHint: 'Use a key the business owner created in the application.',
  demo: 'Explore with demo data',
  demoHint: 'A sample business on this computer. Nothing is sent anywhere.',
  demoStarting: 'Starting the demo…',
} as const;
