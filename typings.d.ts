declare module 'lunar-javascript';
