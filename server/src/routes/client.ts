/** The lender's content (endpoint table: faq, aboutUs, clientConfig): the FAQ and About us in English or Hindi, the lender's contacts. */
import { COOLING_OFF_DAYS } from '../domain/closure';
import { Hono } from 'hono';
import type * as v from 'valibot';
import type { AboutUs, ClientConfig, HelpItem } from '../../../contract/content';
import { ENDPOINTS } from '../../../contract/endpoints';
import type { AppEnv } from '../env';
import { PENAL_CHARGE_PER_DAY } from '../domain/engine';
import { contentLanguage, type Localized } from '../language';
import { LENDER } from '../lender';
import { serve } from './serve';

/** Texts are plain text; the app must render them as text (one answer holds a literal "<b>" to show that). */
export const FAQ: readonly v.InferInput<typeof HelpItem>[] = [
  {
    title: 'Who can apply for a loan?',
    content:
      'Any Indian citizen aged 18 or above with a regular monthly income (above ₹15,000 for most products) and an active bank account in their own name.',
  },
  {
    title: 'What documents do I need?',
    content:
      'Your Aadhaar and PAN, a clear selfie for face verification, and the details of a bank account in your name. You also add basic and work information and three emergency contacts.',
  },
  {
    title: 'How long does approval take?',
    content:
      'Most applications are reviewed within a few minutes to a few hours, depending on the product. We notify you by SMS, and you can follow the status under Order History.',
  },
  {
    title: 'How do I repay my loan?',
    content:
      'Open Order History, choose the loan and tap Repayment. You can pay by UPI, net banking or debit card. Repay on or before the due date to avoid overdue fees & to build your credit score.',
  },
  {
    title: 'Can I extend my due date?',
    content:
      'If the order shows "Extend due date", you can request an extension. The new due date is 7 days from the request, and the extension fee must be paid within 24 hours or the extension fails.',
  },
  {
    title: 'Why is GST charged on the processing fee?',
    content:
      'The processing fee is a service, so GST at 18% applies to it by law. Example: on a processing fee of ₹800 the GST is ₹144. Both are deducted from the amount you receive.',
  },
  {
    title: 'Why does my application say "Denied"?',
    content:
      'Our credit evaluation could not approve it this time. You can <b>re-apply after 15 days</b>. Paying earlier loans on time raises your credit score and your loan amount.',
  },
  {
    title: 'How do I contact customer support?',
    content:
      'Tap the feedback button on the home or account page to write to us, call +91 80 4718 2000 (Mon–Sat, 9:30 am – 6:30 pm IST) or e-mail support@borrower.example.',
  },
];

/**
 * The app's name is the lender's brand: the app shows it (sign-in and home headings, page titles,
 * About us) from here, never a name of its own.
 */
export const ABOUT_US: v.InferInput<typeof AboutUs> = {
  appName: 'Sandbox Loans',
  copywriting:
    'Sandbox Loans offers small, short-term personal loans to salaried and self-employed people across India, entirely on your phone. ' +
    'Verify your identity with Aadhaar and PAN, choose an amount, and receive the money in your bank account, often within hours. ' +
    'Every fee is shown before you confirm: interest per day, the processing fee and the 18% GST on it. ' +
    'Repay on time and your credit limit grows with you. ' +
    'Loans are made by Sandbox Finance Private Limited, a non-banking financial company registered with the Reserve Bank of India.',
};

/**
 * The FAQ in Hindi: the same questions, in the order of FAQ, written as a Hindi lending app
 * says them (common English loanwords such as लोन, प्रोसेसिंग फ़ीस, ऑर्डर हिस्ट्री kept; the app's
 * Hindi button names quoted as it shows them). Names, numbers,
 * the phone and the e-mail are as in English; the literal "<b>" too (the app renders text as text).
 */
export const FAQ_HI: readonly v.InferInput<typeof HelpItem>[] = [
  {
    title: 'लोन के लिए कौन आवेदन कर सकता है?',
    content:
      '18 साल या उससे ज़्यादा उम्र का कोई भी भारतीय नागरिक, जिसकी हर महीने नियमित आमदनी हो (ज़्यादातर प्रोडक्ट के लिए ₹15,000 से ज़्यादा) और जिसके अपने नाम पर एक चालू बैंक अकाउंट हो।',
  },
  {
    title: 'मुझे कौन-कौन से डॉक्यूमेंट चाहिए?',
    content:
      'आपका आधार और पैन, फ़ेस वेरिफ़िकेशन के लिए एक साफ़ सेल्फ़ी, और आपके नाम वाले बैंक अकाउंट की जानकारी। इसके साथ आप अपनी बुनियादी जानकारी, काम की जानकारी और तीन इमरजेंसी कॉन्टैक्ट भी भरते हैं।',
  },
  {
    title: 'लोन मंज़ूर होने में कितना समय लगता है?',
    content:
      'प्रोडक्ट के हिसाब से, ज़्यादातर आवेदनों की जाँच कुछ मिनटों से लेकर कुछ घंटों में हो जाती है। फ़ैसला होते ही हम आपको SMS भेजते हैं, और आप ऑर्डर हिस्ट्री में अपना स्टेटस देख सकते हैं।',
  },
  {
    title: 'मैं अपना लोन कैसे चुकाऊँ?',
    content:
      'ऑर्डर हिस्ट्री खोलें, अपना लोन चुनें और "भुगतान करें" पर टैप करें। आप UPI, नेट बैंकिंग या डेबिट कार्ड से भुगतान कर सकते हैं। ओवरड्यू चार्ज से बचने और अपना क्रेडिट स्कोर बढ़ाने के लिए चुकाने की तारीख पर या उससे पहले भुगतान करें।',
  },
  {
    title: 'क्या मैं चुकाने की तारीख आगे बढ़ा सकता हूँ?',
    content:
      'अगर आपके ऑर्डर पर "तारीख आगे बढ़ाएँ" दिख रहा है, तो आप एक्सटेंशन माँग सकते हैं। चुकाने की नई तारीख, रिक्वेस्ट के दिन से 7 दिन बाद की होगी। एक्सटेंशन फ़ीस 24 घंटे के अंदर भरनी होगी, नहीं तो एक्सटेंशन नहीं मिलेगा।',
  },
  {
    title: 'प्रोसेसिंग फ़ीस पर GST क्यों लगता है?',
    content:
      'प्रोसेसिंग फ़ीस एक सर्विस का चार्ज है, इसलिए कानून के मुताबिक़ इस पर 18% GST लगता है। उदाहरण: ₹800 की प्रोसेसिंग फ़ीस पर GST ₹144 होगा। ये दोनों रक़में आपको मिलने वाली राशि में से काट ली जाती हैं।',
  },
  {
    title: 'मेरा आवेदन "अस्वीकृत" क्यों दिखा रहा है?',
    content:
      'इस बार हमारी क्रेडिट जाँच में आपका आवेदन मंज़ूर नहीं हो सका। आप <b>15 दिन बाद फिर से आवेदन</b> कर सकते हैं। पिछले लोन समय पर चुकाने से आपका क्रेडिट स्कोर और आपको मिलने वाली लोन राशि, दोनों बढ़ते हैं।',
  },
  {
    title: 'कस्टमर सपोर्ट से कैसे संपर्क करें?',
    content:
      'होम या अकाउंट पेज पर फ़ीडबैक बटन दबाकर हमें लिखें, +91 80 4718 2000 पर कॉल करें (सोमवार से शनिवार, सुबह 9:30 से शाम 6:30 बजे IST तक) या support@borrower.example पर ई-मेल करें।',
  },
];

/** About us in Hindi: the app's name is the brand, the same in both languages; the text is translated. */
export const ABOUT_US_HI: v.InferInput<typeof AboutUs> = {
  appName: ABOUT_US.appName,
  copywriting:
    'Sandbox Loans पूरे भारत में नौकरीपेशा और अपना काम-धंधा करने वाले लोगों को छोटे, कम समय के पर्सनल लोन देता है, वह भी पूरी तरह आपके फ़ोन पर। ' +
    'आधार और पैन से अपनी पहचान वेरिफ़ाई करें, राशि चुनें और पैसे सीधे अपने बैंक अकाउंट में पाएँ, अक्सर कुछ ही घंटों में। ' +
    'कन्फ़र्म करने से पहले हर चार्ज साफ़-साफ़ दिखाया जाता है: रोज़ का ब्याज, प्रोसेसिंग फ़ीस और उस पर 18% GST। ' +
    'समय पर चुकाएँ, और आपकी क्रेडिट लिमिट भी आपके साथ बढ़ती जाएगी। ' +
    'लोन Sandbox Finance Private Limited देती है, जो भारतीय रिज़र्व बैंक (RBI) में रजिस्टर्ड एक नॉन-बैंकिंग फ़ाइनेंशियल कंपनी (NBFC) है।',
};

const FAQ_BY_LANG: Localized<readonly v.InferInput<typeof HelpItem>[]> = { en: FAQ, hi: FAQ_HI };
const ABOUT_US_BY_LANG: Localized<v.InferInput<typeof AboutUs>> = { en: ABOUT_US, hi: ABOUT_US_HI };

/**
 * Customer care, and what the Key Fact Statement names: the lender, its grievance officer, penal
 * charge and cooling-off period. The lender and the officer are also shown on sign-in, home, product
 * detail, Help and About us (Digital Lending Directions 2025). Public: no token needed.
 */
export const CLIENT_CONFIG: v.InferInput<typeof ClientConfig> = {
  customer: { phone: '+91 80 4718 2000', email: 'support@borrower.example' },
  lender: { ...LENDER },
  grievanceOfficer: {
    name: 'Priya Raman',
    phone: '+91 80 4718 2099',
    email: 'grievance@lender.example',
    address: 'Grievance Redressal Officer, Sandbox Finance Private Limited, 4th Floor, Prestige Meridian 1, 29 MG Road, Bengaluru, Karnataka 560001',
  },
  // A charge on the overdue principal per day (0.1%), never interest on interest (RBI, August 2023).
  penalChargePerDay: PENAL_CHARGE_PER_DAY,
  coolingOffDays: COOLING_OFF_DAYS,
  // Pre-closure asks the interest to date and no fee (domain/closure.ts).
  foreclosureFee: 0,
};

export function clientRoutes() {
  const r = new Hono<AppEnv>();
  // In the language Accept-Language prefers (language.ts); the config is data (names, addresses, numbers): one answer for all.
  serve(r, ENDPOINTS.faq, (c) => [...FAQ_BY_LANG[contentLanguage(c)]]);
  serve(r, ENDPOINTS.aboutUs, (c) => ABOUT_US_BY_LANG[contentLanguage(c)]);
  serve(r, ENDPOINTS.clientConfig, () => CLIENT_CONFIG);
  return r;
}
