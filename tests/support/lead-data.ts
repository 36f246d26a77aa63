/** A complete application, every field filled, shared by the unit, integration and browser tests. */
export const fullApplication: Record<string, string> = {
  projectDescription: 'Two-story custom home, 2,800 sq ft',
  ownLand: 'yes',
  landPurchasePrice: '120000',
  landBalance: '45000.50',
  landEstimatedValue: '150000',
  landSearchPriceRange: '',
  needLandLoan: 'no',
  constructionCosts: '650000',
  builderStatus: 'owner-builder',
  loanAmount: '695000',
  buildStartDate: 'Spring 2027',
  prepaids: '',
  propertyAddress: '12 Oak Lane, Boise, ID 83702',
  // 'Not sure / other': no routing by state, so the leads of other tests stay unassigned.
  propertyState: '',
  borrowerName: 'Jane Builder',
  borrowerAddress: '400 Main St, Boise, ID 83702',
  email: 'jane@example.com',
  phone: '208-555-0142',
  monthlyIncome: '18500',
  monthlyBills: '',
  liquidAssets: '240000',
  mortgageRent: '2100',
  ownedProperties: '',
  employer: 'Acme Engineering',
  business: '',
  loanType: 'fixed-arm',
  creditScore: '760',
};

/** The notification text the full application must produce (spec section 7's summary). */
export const fullApplicationSummary = `New Construction Loan Application

PROJECT INFORMATION
Project Description: Two-story custom home, 2,800 sq ft
Owns Land: Yes
Land Purchase Price: $120,000
Land Balance: $45,001
Land Estimated Value: $150,000
Land Search Price Range: 
Needs Land Loan: No
Construction Costs: $650,000
Builder Status: I am a qualified owner-builder
Desired Loan Amount: $695,000
Build Start Date: Spring 2027
Prepaids: N/A

BORROWER APPLICATION
Property Address: 12 Oak Lane, Boise, ID 83702
Borrower Name: Jane Builder
Borrower Address: 400 Main St, Boise, ID 83702
Email: jane@example.com
Phone: 208-555-0142
Monthly Income: $18,500
Monthly Bills (excluding utilities): $0
Liquid Assets: $240,000
Mortgage/Rent: $2,100
Owned Properties: N/A
Employer: Acme Engineering
Business: N/A
Loan Type: Fixed ARM Product
Credit Score: 760`;
