/** All digits but the last 4 as 'X', the length kept: '123456781234' → 'XXXXXXXX1234'. */
export const maskAccountNumber = (cardNo: string) => 'X'.repeat(Math.max(0, cardNo.length - 4)) + cardNo.slice(-4);
