/** Demo accounts of docs/rules.md#demo-data-and-modes (password login), shared by component and browser tests. */
export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'admin123',
  dealer: 'dealer123',
  manager: 'manager123',
  teacher: 'teacher123',
  sales: 'sales123',
  service: 'service123',
  operation: 'operation123',
  customer: 'customer123',
  sunrise: 'sunrise123',
  maple: 'maple123',
  mapleteacher: 'maple123',
};
