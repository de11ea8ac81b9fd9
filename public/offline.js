// The offline page's Retry: loads the address the borrower asked for again (the service worker
// tries the network first, so it shows the page once the connection is back).
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
