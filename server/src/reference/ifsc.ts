/**
 * The sandbox's IFSC dataset for the IFSC finder and for checking a new bank account's IFSC: real
 * banks, states and cities, made-up but well-formed branches, generated deterministically on first
 * use. Ids encode their parents (bank b, state b×100+s, city state×100+c, branch city×100+n), so
 * appending to a list keeps every existing id.
 */
import { INDIAN_STATES } from './india';

/** IFSC: four letters, a zero, six letters or digits (as contract/bank.ts IFSC_PATTERN). */
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

interface BankDef {
  code: string;
  name: string;
  /** The states it has branches in; 'all' for every state of CITIES. */
  states: 'all' | readonly string[];
  /** The share of a state's cities (biggest first) it is in; at least one. */
  reach: number;
  /** Branches per city: [least, most]; a metro gets the most, another city between the two. */
  branches: readonly [number, number];
}

const SOUTH = ['Tamil Nadu', 'Karnataka', 'Kerala', 'Andhra Pradesh', 'Telangana', 'Puducherry'];
const METRO_STATES = ['Maharashtra', 'Delhi', 'Karnataka', 'Tamil Nadu', 'Telangana', 'West Bengal', 'Gujarat'];

const BANKS: readonly BankDef[] = [
  { code: 'SBIN', name: 'State Bank of India', states: 'all', reach: 1, branches: [3, 8] },
  { code: 'HDFC', name: 'HDFC Bank', states: 'all', reach: 0.9, branches: [2, 7] },
  { code: 'ICIC', name: 'ICICI Bank', states: 'all', reach: 0.9, branches: [2, 7] },
  { code: 'UTIB', name: 'Axis Bank', states: 'all', reach: 0.8, branches: [2, 6] },
  { code: 'PUNB', name: 'Punjab National Bank', states: 'all', reach: 0.8, branches: [2, 5] },
  { code: 'BARB', name: 'Bank of Baroda', states: 'all', reach: 0.8, branches: [2, 5] },
  { code: 'CNRB', name: 'Canara Bank', states: 'all', reach: 0.7, branches: [2, 5] },
  { code: 'UBIN', name: 'Union Bank of India', states: 'all', reach: 0.7, branches: [2, 5] },
  { code: 'KKBK', name: 'Kotak Mahindra Bank', states: 'all', reach: 0.6, branches: [1, 5] },
  { code: 'IDIB', name: 'Indian Bank', states: 'all', reach: 0.6, branches: [1, 4] },
  { code: 'IOBA', name: 'Indian Overseas Bank', states: 'all', reach: 0.5, branches: [1, 4] },
  { code: 'BKID', name: 'Bank of India', states: 'all', reach: 0.6, branches: [1, 4] },
  { code: 'CBIN', name: 'Central Bank of India', states: 'all', reach: 0.5, branches: [1, 4] },
  { code: 'UCBA', name: 'UCO Bank', states: 'all', reach: 0.4, branches: [1, 3] },
  { code: 'MAHB', name: 'Bank of Maharashtra', states: ['Maharashtra', 'Goa', 'Gujarat', 'Karnataka', 'Madhya Pradesh', 'Delhi', 'Telangana'], reach: 0.8, branches: [1, 5] },
  { code: 'PSIB', name: 'Punjab & Sind Bank', states: ['Punjab', 'Delhi', 'Haryana', 'Chandigarh', 'Himachal Pradesh', 'Jammu and Kashmir', 'Uttar Pradesh', 'Maharashtra'], reach: 0.7, branches: [1, 4] },
  { code: 'YESB', name: 'Yes Bank', states: 'all', reach: 0.4, branches: [1, 3] },
  { code: 'IDFB', name: 'IDFC FIRST Bank', states: 'all', reach: 0.4, branches: [1, 3] },
  { code: 'INDB', name: 'IndusInd Bank', states: 'all', reach: 0.5, branches: [1, 4] },
  { code: 'FDRL', name: 'Federal Bank', states: [...SOUTH, ...METRO_STATES, 'Punjab', 'Rajasthan', 'Uttar Pradesh'], reach: 0.5, branches: [1, 4] },
  { code: 'SIBL', name: 'South Indian Bank', states: [...SOUTH, 'Maharashtra', 'Delhi', 'Gujarat'], reach: 0.5, branches: [1, 3] },
  { code: 'KVBL', name: 'Karur Vysya Bank', states: [...SOUTH, 'Maharashtra', 'Delhi', 'Gujarat'], reach: 0.5, branches: [1, 3] },
  { code: 'CIUB', name: 'City Union Bank', states: ['Tamil Nadu', 'Karnataka', 'Kerala', 'Andhra Pradesh', 'Telangana', 'Puducherry', 'Maharashtra'], reach: 0.5, branches: [1, 3] },
  { code: 'TMBL', name: 'Tamilnad Mercantile Bank', states: ['Tamil Nadu', 'Karnataka', 'Kerala', 'Andhra Pradesh', 'Telangana', 'Maharashtra', 'Gujarat'], reach: 0.5, branches: [1, 3] },
  { code: 'KARB', name: 'Karnataka Bank', states: ['Karnataka', 'Tamil Nadu', 'Kerala', 'Maharashtra', 'Andhra Pradesh', 'Telangana', 'Goa', 'Delhi'], reach: 0.6, branches: [1, 4] },
  { code: 'RATN', name: 'RBL Bank', states: ['Maharashtra', 'Delhi', 'Karnataka', 'Tamil Nadu', 'Telangana', 'Gujarat', 'Rajasthan', 'Punjab', 'Madhya Pradesh'], reach: 0.4, branches: [1, 3] },
  { code: 'BDBL', name: 'Bandhan Bank', states: ['West Bengal', 'Assam', 'Bihar', 'Odisha', 'Jharkhand', 'Tripura', 'Uttar Pradesh', 'Maharashtra', 'Delhi'], reach: 0.7, branches: [1, 4] },
  { code: 'AUBL', name: 'AU Small Finance Bank', states: ['Rajasthan', 'Gujarat', 'Madhya Pradesh', 'Maharashtra', 'Punjab', 'Haryana', 'Delhi', 'Uttar Pradesh', 'Chhattisgarh'], reach: 0.6, branches: [1, 3] },
];

/** Major cities per state, biggest first. */
const CITIES: Readonly<Record<string, readonly string[]>> = {
  'Andhra Pradesh': ['Visakhapatnam', 'Vijayawada', 'Guntur', 'Nellore', 'Tirupati', 'Kurnool'],
  Assam: ['Guwahati', 'Silchar', 'Dibrugarh', 'Jorhat'],
  Bihar: ['Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga'],
  Chandigarh: ['Chandigarh'],
  Chhattisgarh: ['Raipur', 'Bhilai', 'Bilaspur', 'Korba'],
  Delhi: ['New Delhi'],
  Goa: ['Panaji', 'Margao', 'Vasco da Gama'],
  Gujarat: ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Gandhinagar', 'Bhavnagar'],
  Haryana: ['Gurugram', 'Faridabad', 'Panipat', 'Ambala', 'Karnal'],
  'Himachal Pradesh': ['Shimla', 'Dharamshala', 'Mandi'],
  'Jammu and Kashmir': ['Srinagar', 'Jammu', 'Anantnag'],
  Jharkhand: ['Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro Steel City'],
  Karnataka: ['Bengaluru', 'Mysuru', 'Hubballi', 'Mangaluru', 'Belagavi', 'Kalaburagi'],
  Kerala: ['Kochi', 'Thiruvananthapuram', 'Kozhikode', 'Thrissur', 'Kollam', 'Kannur'],
  'Madhya Pradesh': ['Indore', 'Bhopal', 'Jabalpur', 'Gwalior', 'Ujjain'],
  Maharashtra: ['Mumbai', 'Pune', 'Nagpur', 'Thane', 'Nashik', 'Chhatrapati Sambhajinagar', 'Kolhapur', 'Solapur'],
  Odisha: ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Sambalpur'],
  Puducherry: ['Puducherry', 'Karaikal'],
  Punjab: ['Ludhiana', 'Amritsar', 'Jalandhar', 'Patiala', 'Mohali', 'Bathinda'],
  Rajasthan: ['Jaipur', 'Jodhpur', 'Kota', 'Udaipur', 'Ajmer', 'Bikaner'],
  'Tamil Nadu': ['Chennai', 'Coimbatore', 'Madurai', 'Tiruchirappalli', 'Salem', 'Tirunelveli', 'Vellore'],
  Telangana: ['Hyderabad', 'Warangal', 'Karimnagar', 'Nizamabad'],
  Tripura: ['Agartala'],
  'Uttar Pradesh': ['Lucknow', 'Kanpur', 'Ghaziabad', 'Noida', 'Agra', 'Varanasi', 'Prayagraj', 'Meerut'],
  Uttarakhand: ['Dehradun', 'Haridwar', 'Haldwani', 'Roorkee'],
  'West Bengal': ['Kolkata', 'Howrah', 'Siliguri', 'Durgapur', 'Asansol'],
};

/** Real localities of the metros: their branches are named after them. */
const LOCALITIES: Readonly<Record<string, readonly string[]>> = {
  Mumbai: ['Fort', 'Nariman Point', 'Andheri East', 'Andheri West', 'Bandra West', 'Dadar', 'Borivali West', 'Powai', 'Chembur', 'Malad West', 'Goregaon East', 'Lower Parel', 'Ghatkopar East', 'Colaba'],
  'New Delhi': ['Connaught Place', 'Karol Bagh', 'Lajpat Nagar', 'Rajouri Garden', 'Chandni Chowk', 'Nehru Place', 'Saket', 'Dwarka Sector 10', 'Rohini Sector 7', 'Janakpuri', 'Preet Vihar', 'Greater Kailash'],
  Bengaluru: ['MG Road', 'Koramangala', 'Indiranagar', 'Jayanagar', 'Whitefield', 'Malleshwaram', 'Rajajinagar', 'HSR Layout', 'Electronic City', 'Basavanagudi', 'Yelahanka', 'Marathahalli'],
  Chennai: ['T Nagar', 'Anna Nagar', 'Adyar', 'Mylapore', 'Velachery', 'Nungambakkam', 'Egmore', 'Tambaram', 'Porur', 'Guindy'],
  Hyderabad: ['Banjara Hills', 'Ameerpet', 'Secunderabad', 'Begumpet', 'Kukatpally', 'Gachibowli', 'Madhapur', 'Dilsukhnagar', 'Abids', 'Himayatnagar'],
  Kolkata: ['Park Street', 'Salt Lake Sector V', 'Gariahat', 'BBD Bagh', 'Shyambazar', 'Behala', 'New Town', 'Ballygunge', 'Esplanade'],
  Pune: ['Shivajinagar', 'Deccan Gymkhana', 'Kothrud', 'Hinjewadi', 'Aundh', 'Camp', 'Hadapsar', 'Viman Nagar', 'Baner'],
  Ahmedabad: ['Navrangpura', 'Ashram Road', 'CG Road', 'Satellite', 'Maninagar', 'Vastrapur', 'Bopal'],
  Jaipur: ['MI Road', 'C Scheme', 'Malviya Nagar', 'Vaishali Nagar', 'Mansarovar', 'Raja Park'],
  Lucknow: ['Hazratganj', 'Gomti Nagar', 'Aliganj', 'Indira Nagar', 'Aminabad'],
  Kochi: ['Marine Drive', 'MG Road', 'Edappally', 'Kakkanad', 'Vyttila', 'Fort Kochi'],
};

/** Other cities' branches: the city's name and one of these. */
const COMMON_LOCALITIES = [
  'Main Branch', 'Civil Lines', 'Station Road', 'MG Road', 'Gandhi Nagar', 'Nehru Nagar', 'Court Road', 'Collectorate', 'Industrial Estate',
  'Bus Stand', 'Market Yard', 'Cantonment', 'Town Hall', 'Sadar Bazar', 'Rajendra Nagar', 'Shastri Nagar', 'University Road', 'Ring Road',
];

export interface IfscBank {
  id: number;
  code: string;
  bankName: string;
  states: IfscState[];
}
export interface IfscState {
  id: number;
  name: string;
  bank: IfscBank;
  cities: IfscCity[];
}
export interface IfscCity {
  id: number;
  name: string;
  state: IfscState;
  branches: IfscBranch[];
}
export interface IfscBranch {
  id: number;
  name: string;
  ifsc: string;
  city: IfscCity;
}

export interface IfscDataset {
  /** Alphabetical by name; each bank's states, cities and branches alphabetical too. */
  banks: readonly IfscBank[];
  bankById: ReadonlyMap<number, IfscBank>;
  stateById: ReadonlyMap<number, IfscState>;
  cityById: ReadonlyMap<number, IfscCity>;
  branchById: ReadonlyMap<number, IfscBranch>;
  branchByIfsc: ReadonlyMap<string, IfscBranch>;
}

/** FNV-1a (32 bits) of a string: the seed of every choice below. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator (mulberry32): the same seed gives the same numbers in [0, 1). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

function build(): IfscDataset {
  const indiaIds = new Map(INDIAN_STATES.map((s) => [s.name, s.id]));
  const bankById = new Map<number, IfscBank>();
  const stateById = new Map<number, IfscState>();
  const cityById = new Map<number, IfscCity>();
  const branchById = new Map<number, IfscBranch>();
  const branchByIfsc = new Map<string, IfscBranch>();

  BANKS.forEach((def, b) => {
    const bank: IfscBank = { id: b + 1, code: def.code, bankName: def.name, states: [] };
    bankById.set(bank.id, bank);
    const states = def.states === 'all' ? Object.keys(CITIES) : def.states;
    for (const stateName of states) {
      const indiaId = indiaIds.get(stateName);
      const cityNames = CITIES[stateName];
      if (indiaId === undefined || !cityNames) throw new Error(`ifsc: unknown state ${stateName}`);
      const state: IfscState = { id: bank.id * 100 + indiaId, name: stateName, bank, cities: [] };
      const reach = Math.max(1, Math.round(cityNames.length * def.reach));
      cityNames.slice(0, reach).forEach((cityName, c) => {
        const city: IfscCity = { id: state.id * 100 + c + 1, name: cityName, state, branches: [] };
        const random = seeded(hash(`${def.code}|${stateName}|${cityName}`));
        const [least, most] = def.branches;
        const metro = LOCALITIES[cityName];
        const localities = metro ?? COMMON_LOCALITIES.map((l) => `${cityName} ${l}`);
        // A metro gets the most branches; another city between the least and the most but one.
        const wanted = metro ? most : least + Math.floor(random() * Math.max(1, most - least));
        // The first locality always (the metro's centre, the city's main branch), then others at random.
        const rest = localities.slice(1).map((name) => ({ name, key: random() }));
        rest.sort((x, y) => x.key - y.key);
        const picked = [localities[0] ?? cityName, ...rest.map((x) => x.name)].slice(0, Math.min(wanted, localities.length));
        picked.forEach((name, n) => {
          const branch: IfscBranch = { id: city.id * 100 + n + 1, name, ifsc: ifscFor(def.code, stateName, cityName, name, branchByIfsc), city };
          city.branches.push(branch);
          branchById.set(branch.id, branch);
          branchByIfsc.set(branch.ifsc, branch);
        });
        city.branches.sort(byName);
        state.cities.push(city);
        cityById.set(city.id, city);
      });
      state.cities.sort(byName);
      bank.states.push(state);
      stateById.set(state.id, state);
    }
    bank.states.sort(byName);
  });

  const banks = [...bankById.values()].sort((x, y) => x.bankName.localeCompare(y.bankName, 'en'));
  return { banks, bankById, stateById, cityById, branchById, branchByIfsc };
}

/**
 * The branch's IFSC: the bank's code, '0', and six digits from a hash of where it is (the next free
 * number when taken, which the lists above never need).
 */
function ifscFor(code: string, state: string, city: string, branch: string, taken: ReadonlyMap<string, unknown>): string {
  let n = hash(`${code}|${state}|${city}|${branch}`) % 1_000_000;
  for (;;) {
    const ifsc = `${code}0${String(n).padStart(6, '0')}`;
    if (n !== 0 && !taken.has(ifsc)) {
      if (!IFSC.test(ifsc)) throw new Error(`ifsc: malformed ${ifsc}`);
      return ifsc;
    }
    n = (n + 1) % 1_000_000;
  }
}

let dataset: IfscDataset | undefined;

/** The dataset, built on first use (a few milliseconds) and kept. */
export function ifscDataset(): IfscDataset {
  dataset ??= build();
  return dataset;
}

/** A positive whole number of at most 9 digits, as an id of the finder can be; else undefined. */
const idNumber = (value: string): number | undefined => (/^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);

const lookup = <T>(map: ReadonlyMap<number, T>, id: string): T | undefined => {
  const n = idNumber(id);
  return n === undefined ? undefined : map.get(n);
};

export const findBank = (id: string) => lookup(ifscDataset().bankById, id);
export const findBankState = (id: string) => lookup(ifscDataset().stateById, id);
export const findBankCity = (id: string) => lookup(ifscDataset().cityById, id);
/** The branch with this IFSC (exactly as written: capitals), or undefined. */
export const findBranchByIfsc = (ifsc: string) => ifscDataset().branchByIfsc.get(ifsc);

/** How big the dataset is (for the README and the tests). */
export function ifscDatasetSize() {
  const d = ifscDataset();
  return {
    banks: d.bankById.size,
    /** Distinct states and cities, whatever the bank. */
    states: new Set([...d.stateById.values()].map((s) => s.name)).size,
    cities: new Set([...d.cityById.values()].map((c) => `${c.state.name}|${c.name}`)).size,
    branches: d.branchById.size,
  };
}
