/**
 * Contact-form-shaped messages for the spam bench: spam as contact forms receive it, and
 * enquiries as a studio receives them, in several languages, many with a link to the sender's
 * own site. No public corpus of contact-form messages ships on npm, so the set is written here.
 * Each spam message retells, in its own words, a kind of message that website owners published
 * as received through their forms; `source` names where. The legitimate ones are written for
 * this set (`source: 'written'`) after the enquiries a small software studio gets: projects,
 * quotes, bugs, jobs, press and partners. The filter's rules were written before this set; the
 * set is never trained on.
 */
export interface ContactSample {
  spam: boolean;
  /** BCP 47 language of the message. */
  lang: string;
  name: string;
  message: string;
  source: string;
}

/** Where the kinds of spam below were published by those who received them. */
const SOURCES = {
  seo: 'github.com/Steinbeck-Lab/coconut/issues/736: an SEO pitch received through a site form',
  bulk: 'github.com/nopSolutions/nopCommerce/issues/4813: bulk sending through contact forms, with look-alike letters',
  links: 'github.com/joomla/joomla-cms/issues/20865: link lists posted through com_contact',
  kinds:
    '9planetshosting.com/blog/keep-spam-out-of-your-contact-forms: the common kinds of form spam',
  dmca: 'primatewebfx.com/the-copyright-infringement-spam-scam: fake copyright notices sent through forms',
  illustrator:
    'support.marketing360.com (article 360059976652): the "licensed illustrator" form spam',
  dev: 'github.com/DVS2000/Kubico/issues/4: a development agency pitch',
  selling:
    'github.com/benwbrum/fromthepage/issues/3697: people selling items through a contact form',
  email: 'github.com/WordPress/wordcamp.org/pull/1254: form spam whose message is only an address',
} as const;

const spam = (source: keyof typeof SOURCES, name: string, message: string, lang = 'en') =>
  ({ spam: true, lang, name, message, source: SOURCES[source] }) satisfies ContactSample;
const ham = (lang: string, name: string, message: string) =>
  ({ spam: false, lang, name, message, source: 'written' }) satisfies ContactSample;

export const CONTACT_SET: ContactSample[] = [
  // ---------- Spam ----------
  spam(
    'seo',
    'Rahul Sharma',
    'Hello, I was checking your website and the design looks great, but it is not ranking on Google or the other major search engines. We can place your site on the first page of Google. May I send you an SEO proposal and price?',
  ),
  spam(
    'seo',
    'Priya',
    'Hi team, I noticed your website is missing basic on-page SEO and has slow pages, which costs you customers. Our experts can fix it and get you to page 1 of Google within 90 days. Reply YES for a free audit.',
  ),
  spam(
    'seo',
    'Digital Growth Team',
    'Dear Business Owner, your site bluestem.example.com is not ranking for important keywords. We offer affordable SEO packages starting at $199 per month with guaranteed results. Shall I share our price list?',
  ),
  spam(
    'seo',
    'Emma Watson',
    'Hi there! I came across your site and saw a few issues that keep it off the first page of Google: broken links, no meta tags, low domain authority. Can I send you a free report? If not interested, reply "no".',
  ),
  spam(
    'seo',
    'Mike Linkbuilder',
    'Hello, we sell high quality backlinks from DA 50+ sites and guest posts on real blogs with traffic. Boost your rankings fast. Packages from 49 USD. Write to us on WhatsApp +1 415 555 0199.',
  ),
  spam(
    'seo',
    'Sofia',
    'Hi, I would like to publish a sponsored article on your blog with a do-follow link to our client. We pay $80 per post. Please let me know your price for a guest post and your requirements.',
  ),
  spam(
    'seo',
    'Jack Miller',
    'Are you tired of low traffic? We drive 10,000 targeted visitors to your website every month. Increase your sales today! Try us free for 7 days: https://bit.ly/3xTraffic',
  ),
  spam(
    'seo',
    'Anna SEO',
    'Hey, quick question: would you like more leads from Google? I help software companies double their organic traffic in 3 months. Free consultation this week only, book here https://calendly.example.net/anna',
  ),
  spam(
    'bulk',
    'Joshua',
    'Hеllо! Did yоu knоw thаt it is pоssiblе tо sеnd yоur оffеr thrоugh соntасt fоrms lеgаlly? Wе sеnd mеssаgеs tо fоrms оn milliоns оf sitеs. Tеst оur sеrviсе fоr frее: up tо 50,000 mеssаgеs. Tеlеgrаm @FeedbackFormEU',
  ),
  spam(
    'bulk',
    'Robertwam',
    'Good day! Your message could reach one million websites through their feedback forms, just like this one reached you. Messages sent through contact forms never land in spam. Price: 49 USD per million. Contact us on Skype or Telegram @FormBlast.',
  ),
  spam(
    'bulk',
    'Feedback Form',
    'Hello! We offer mass mailing through website contact forms to any country and niche. Guaranteed delivery, no personal data used. Ask for a free test run on WhatsApp +375 25 911 2693.',
  ),
  spam(
    'bulk',
    'Williamkip',
    'Hi! How are you? You just read my message, which means your customers can read yours too. Sending commercial offers via contact forms is a legal and effective way to reach clients. Details: https://tinyurl.com/formsblast',
  ),
  spam(
    'links',
    'gagarinytja',
    'Лучшие предложения недели https://vefegr-lipol.info/buharest-kupit.html https://wedigutione.info/kupit-v-sochi.html https://geciponetor.com/chesterfild-kupit.html https://vikepokilom.info/kupit-pavlovsk.html https://fileritmw.info/novogireevo.html',
    'ru',
  ),
  spam(
    'links',
    'Viktor',
    'Привет! Надежные займы без проверок и отказов, деньги на карту за 5 минут. Подробнее на сайте https://zaim-online.example.ru и https://dengi-bystro.example.ru',
    'ru',
  ),
  spam(
    'links',
    'Casino Bonus',
    'Best online casino 2026: <a href="https://casino.example.org">free spins</a> <a href="https://bonus.example.org">no deposit bonus</a> [url=https://slots.example.org]play slots[/url]',
  ),
  spam(
    'links',
    'pharmacy',
    'Buy cheap viagra and cialis online without prescription, fast worldwide shipping, discreet package. Order now: https://rx.example.biz/viagra https://rx.example.biz/cialis https://rx.example.biz/deals',
  ),
  spam(
    'links',
    'Crypto News',
    'Hi! Check the best crypto signals, our members earn $500 a day with bitcoin trading. Join free: t.me/cryptosignalsfree and https://cutt.ly/crypto-profit',
  ),
  spam(
    'links',
    'Escort',
    'Hot girls in your city waiting for you tonight, real photos, check now https://dating.example.xyz/hot https://dating.example.xyz/city https://dating.example.xyz/vip',
  ),
  spam(
    'kinds',
    'Support Team',
    'Your website hosting account will be suspended within 24 hours due to a billing error. Verify your payment details now to avoid losing your domain: https://secure-verify.example.com/login',
  ),
  spam(
    'kinds',
    'Google Business',
    'Dear Website Owner, your Google Business listing is unverified and will be removed. Call our verification department today or click here to verify: https://rb.gy/verifybiz',
  ),
  spam(
    'kinds',
    'Investment Desk',
    'Exclusive investment opportunity: earn 30% per month with our managed forex and crypto accounts. Limited spots, act now! Contact our manager on Telegram @profitdesk.',
  ),
  spam(
    'kinds',
    'Lena',
    'Hello, I am a virtual assistant offering data entry, email management and social media management for just $8 per hour. Would you like to hire me? I am available full time.',
  ),
  spam(
    'kinds',
    'Capital Partners',
    'Hi, your business is pre-approved for up to $250,000 in working capital funding. No credit check, funds in 24 hours. Reply with your best phone number to get started. Reply STOP to opt out.',
  ),
  spam(
    'kinds',
    'Video Studio',
    'Hi! We create animated explainer videos that increase conversions by up to 80%. Your homepage would benefit from a 60 second promo video. Can I send you a few samples and our prices?',
  ),
  spam(
    'kinds',
    'Leads Expert',
    'Hello, we have a verified B2B email list of 50,000 CTOs and IT decision makers in Europe, updated monthly. Perfect for your lead generation. Would you like a free sample of 500 contacts?',
  ),
  spam(
    'kinds',
    'Social Growth',
    'Grow your Instagram followers and TikTok followers organically! Real people, no bots. Packages from $29 per month. Start today: https://shorturl.at/growfast',
  ),
  spam(
    'kinds',
    'Daniel',
    'Hi, I saw your site and I can build you a modern mobile app for a fraction of the price. We are an offshore web development company with 200 dedicated developers. Free quote within 24 hours.',
  ),
  spam(
    'kinds',
    'GPT Tools',
    'LIMITED OFFER!!! GET OUR AI TOOLS BUNDLE FOR ONLY $27 TODAY. WRITE BLOG POSTS, MAKE VIDEOS AND EARN MONEY ONLINE. 100% GUARANTEED RESULTS!!! CLICK NOW',
  ),
  spam(
    'kinds',
    'Winner Team',
    'CONGRATULATIONS! Your email was selected in our annual draw and you won $1,500 in gift cards! Claim your prize now before it expires: https://is.gd/claimprize',
  ),
  spam(
    'dmca',
    'Melanie Legal',
    'Your website or a website that your company hosts infringes copyrighted images owned by our company. Take a look at this document with the links to our images you used and our earlier publications: https://sites.example.com/view/copyright-proof. Failure to remove them will lead to legal action.',
  ),
  spam(
    'illustrator',
    'Nora, illustrator',
    'Hello, this is Nora and I am a licensed illustrator. I was disturbed to see my images on your website. Check this document with the links to my images and proof of my copyrights: https://storage.example.app/file/proof. Remove them or I will file a complaint and sue you.',
  ),
  spam(
    'dmca',
    'Copyright Agent',
    'DMCA notice: we found our client photos used on your website without a licence. To settle this, add a credit link to https://photo-agency.example.com within 5 days, otherwise a lawsuit follows.',
  ),
  spam(
    'dev',
    'Polina',
    "Hello! I'm Polina from a web development company. We provide full-cycle custom software development services from idea to MVP. Let me know if you are interested and we will send our portfolio and rates.",
  ),
  spam(
    'dev',
    'Rohit',
    'Greetings! We are a leading web design and development agency offering WordPress, Shopify and React development services. Outsource your projects to our team at $15 per hour. Shall we schedule a call?',
  ),
  spam(
    'dev',
    'Kevin',
    'Hi, I noticed your website has some errors on mobile and could be improved. I am a web designer and can redesign it with a modern look at a low price. Can I send you a free mockup?',
  ),
  spam(
    'dev',
    'AppDev Pros',
    'Dear Sir/Madam, do you need a mobile app developed? Our mobile app development team builds iOS and Android apps at affordable prices. Hire our developers on monthly basis. Reply to know more.',
  ),
  spam(
    'selling',
    'Oleg',
    'Wholesale LED lights, phone cases and solar panels directly from the factory, lowest prices, MOQ 100 pieces, free samples. WhatsApp +86 138 0000 1234. Catalogue: https://factory.example.cn/catalog',
  ),
  spam(
    'selling',
    'Shop Deals',
    'Hi! Huge sale on designer bags and watches, up to 90% off, limited time offer. Visit our store now https://deals.example.shop and get free shipping on your first order.',
  ),
  spam(
    'selling',
    'Anastasia',
    'Здравствуйте! Предлагаем продвижение сайтов в поисковых системах, SEO и контекстную рекламу. Первое место в Яндекс и Google за месяц. Бесплатный аудит: https://seo-top.example.ru',
    'ru',
  ),
  spam(
    'selling',
    'Marketing GmbH',
    'Guten Tag, wir bringen Ihre Webseite auf die erste Seite bei Google! Professionelle SEO Optimierung ab 99 € pro Monat. Kostenlose Analyse anfordern: https://bit.ly/seo-de-angebot',
    'de',
  ),
  spam(
    'selling',
    'Lucas',
    "Bonjour, je suis consultant SEO et j'ai remarqué que votre site n'apparaît pas en première page de Google. Je vous propose un audit gratuit et une offre de référencement à 150 € par mois.",
    'fr',
  ),
  spam(
    'selling',
    'Carlos',
    'Hola, somos una agencia de marketing digital. Podemos aumentar las ventas de su negocio con SEO, redes sociales y campañas de Google. Le ofrecemos una consulta gratuita. Responda si le interesa.',
    'es',
  ),
  spam(
    'email',
    'Mariusz',
    'promo.offer.2026@gmail.com promo.offer.2026@gmail.com https://bit.ly/3offer',
  ),
  spam(
    'kinds',
    'Traffic Bot',
    'traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic traffic cheap visitors',
  ),
  spam(
    'kinds',
    'Jessica',
    'Hi, I hope you are well. I came across your site and wanted to reach out: we help agencies like yours get 20+ qualified leads per month through LinkedIn outreach. Open to a quick 15 minute chat? If not, just let me know and I will not follow up.',
  ),

  // ---------- Legitimate ----------
  ham(
    'en',
    'Hannah Becker',
    'Hi, we are a small bakery chain in Omaha and want an ordering app for our three shops. Could you tell us roughly what a first version would cost and how long it takes? Our current site is https://www.hannahsbakery.example.com.',
  ),
  ham(
    'en',
    'Tom Okafor',
    'Hello! I run a nonprofit that tutors kids after school (tutorlink.example.org). We need a simple scheduling tool for volunteers. Do you take on nonprofit projects, and at what rates?',
  ),
  ham(
    'en',
    'Grace Liu',
    'We met at the Lincoln tech meetup last week. I would love to continue our chat about rebuilding our booking system in React. Are you free for a call next Tuesday or Wednesday afternoon?',
  ),
  ham(
    'en',
    'Marcus Reed',
    'Your weather app crashes on my Pixel 8 when I open the radar map. It started after the last update. Android 15, app version 3.2.1. Happy to send logs if that helps.',
  ),
  ham(
    'en',
    'Priya Natarajan',
    'I am a senior backend developer (Go, Postgres) and saw that you work with small teams. Are you hiring? My portfolio is at https://priyan.dev and my GitHub is github.com/priyan-dev.',
  ),
  ham(
    'en',
    'Sam Fletcher',
    'I write for a local business paper and am doing a piece on software studios in Nebraska. Could someone spare 20 minutes for a short interview this month? Thanks, Sam.',
  ),
  ham(
    'en',
    'Olivia Grant',
    'Hi there, our Shopify store (olivegrant.example.shop) needs a custom integration with our warehouse system. We have the API docs ready. Can you quote for this? Budget is around 8k.',
  ),
  ham(
    'en',
    'Daniel Kim',
    'Quick question about your privacy policy: do you keep the messages sent through this form, and for how long? I would like my earlier message removed. Thank you.',
  ),
  ham(
    'en',
    'Rebecca Stone',
    'Hello, I am the IT lead at a dental practice group. Our patient reminder system is outdated and we want to replace it with something that sends SMS and email. Do you build this kind of thing? More about us: https://smiledental.example.com/about',
  ),
  ham(
    'en',
    'Ahmed Hassan',
    'We are a startup building a fitness app and our current developer left. The code is Flutter with Firebase. Could you review it and help us ship the next release? Happy to share access.',
  ),
  ham(
    'en',
    'Laura Martínez',
    'I loved your project cards on the homepage. Could I use a screenshot of your site in a talk about accessible animation? I will credit you and link to your site, of course.',
  ),
  ham(
    'en',
    'James Porter',
    'Hi, I was wondering whether you do maintenance contracts for existing apps. We have a React Native app with about 5,000 users and need someone to keep it updated. See https://porterfarms.example.com/app for what it does.',
  ),
  ham(
    'en',
    'Chloe Adams',
    'Hello team, I am organising a student hackathon at UNL in March and we are looking for local sponsors and mentors. Would your studio be interested? Details at https://hack.unl.example.edu.',
  ),
  ham(
    'en',
    'Nathan Brooks',
    'We need a website for our architecture firm with a portfolio that loads fast on phones. Our old one is https://brooksarchitects.example.com and https://old.brooksarchitects.example.com/gallery. Can you help, and what would it cost?',
  ),
  ham(
    'en',
    'Ethan Wright',
    'Hi! I bought your timer app and the widget no longer updates on iOS 18. Reinstalling did not help. Is a fix planned? It is a great app otherwise, thanks for making it.',
  ),
  ham(
    'en',
    'Isabella Cruz',
    'Good afternoon. Our city library wants to digitise its event calendar and let people register online. We have a fixed grant budget of $12,000 for this year. Would that be enough for a first version?',
  ),
  ham(
    'en',
    'Ben Thompson',
    'Hello, I am a freelance designer (portfolio: https://benthompson.design) and I often have clients who need developers. Would you be open to partnering on projects? I can send a few case studies.',
  ),
  ham(
    'en',
    'Mia Johnson',
    'Hi, could you send me an invoice copy for our October payment? Our accounting department needs it with our VAT number on it. Thanks a lot!',
  ),
  ham(
    'en',
    'Victor Alvarez',
    'I am a student at Southeast Community College and would like to apply for an internship next summer. I know JavaScript and a bit of Python. Do you offer internships? My projects: https://github.com/valvarez-dev',
  ),
  ham(
    'en',
    'Sarah Collins',
    'We are a marketing team at a logistics company and need an internal dashboard that pulls data from Google Analytics and our CRM. Is this something you could build? Timeline is about three months.',
  ),
  ham(
    'de',
    'Jonas Weber',
    'Guten Tag, wir sind ein kleines Reisebüro in Hamburg und suchen jemanden, der unsere Buchungsseite neu baut. Unsere aktuelle Seite: https://www.weber-reisen.example.de. Können Sie uns ein Angebot machen?',
  ),
  ham(
    'de',
    'Lena Schmidt',
    'Hallo, ich habe Ihre App für Vereinskassen gesehen. Gibt es die auch auf Deutsch, und kann man sie für einen Sportverein mit 300 Mitgliedern nutzen? Viele Grüße, Lena',
  ),
  ham(
    'fr',
    'Camille Dubois',
    'Bonjour, nous sommes une association culturelle à Lyon et nous voudrions une application pour vendre nos billets de concert. Notre site : https://asso-musique.example.fr. Pourriez-vous nous envoyer un devis ?',
  ),
  ham(
    'fr',
    'Julien Moreau',
    'Bonjour, je suis développeur front-end à Montréal et je cherche un poste en télétravail. Vous trouverez mon portfolio ici : https://julienmoreau.example.ca. Merci de votre lecture !',
  ),
  ham(
    'es',
    'Lucía García',
    'Hola, tenemos una clínica veterinaria en Valencia y queremos una app para que los clientes pidan cita. Nuestra web es https://clinicavetmar.example.es. ¿Podrían darnos un presupuesto aproximado?',
  ),
  ham(
    'es',
    'Mateo Fernández',
    'Buenas tardes, vi su proyecto del mapa del tiempo y me pareció muy bonito. ¿Trabajan con clientes en México? Somos una cooperativa agrícola y necesitamos algo parecido para nuestros productores.',
  ),
  ham(
    'pt',
    'Ana Souza',
    'Olá! Somos uma escola de idiomas em Porto Alegre e queremos um aplicativo para os alunos acompanharem as aulas. Nosso site é https://escolafalar.example.com.br. Vocês fazem projetos no Brasil?',
  ),
  ham(
    'pt',
    'Rui Almeida',
    'Bom dia, encontrei um erro na vossa aplicação: ao exportar os dados para PDF, os acentos aparecem errados. Uso a versão 2.4 no Windows 11. Obrigado pela atenção.',
  ),
  ham(
    'it',
    'Giulia Romano',
    'Buongiorno, gestiamo un agriturismo in Toscana e vorremmo un sito con prenotazioni online. Il nostro sito attuale è https://www.agriturismo-romano.example.it. Potete aiutarci? Grazie mille.',
  ),
  ham(
    'nl',
    'Sanne de Vries',
    'Hallo, wij zijn een kleine webshop in Utrecht (https://sannesplanten.example.nl) en zoeken hulp bij een koppeling met ons voorraadsysteem. Werken jullie ook voor klanten in Nederland?',
  ),
  ham(
    'pl',
    'Katarzyna Nowak',
    'Dzień dobry, prowadzę małą firmę transportową i potrzebuję aplikacji do śledzenia przesyłek. Nasza strona to https://nowak-trans.example.pl. Czy mogliby Państwo przygotować wycenę?',
  ),
  ham(
    'sv',
    'Erik Lindqvist',
    'Hej! Vi är ett litet spelbolag i Göteborg och letar efter en partner för en mobilversion av vårt spel. Kolla gärna https://nordspel.example.se. Finns det intresse för ett samtal?',
  ),
  ham(
    'ru',
    'Дмитрий Иванов',
    'Здравствуйте! Мы небольшая IT-компания из Риги и ищем партнёров для совместного проекта мобильного приложения. Наш сайт: https://devriga.example.lv. Будем рады обсудить сотрудничество.',
  ),
  ham(
    'uk',
    'Олена Коваленко',
    'Добрий день! Я дизайнерка інтерфейсів, шукаю роботу в студії. Моє портфоліо: https://olenak.example.design. Чи є у вас зараз відкриті вакансії? Дякую!',
  ),
  ham(
    'ja',
    '佐藤 花子',
    'こんにちは。東京で小さなカフェを経営しています。予約アプリの開発をお願いできますか？私たちのサイトは https://hanacafe.example.jp です。見積もりをいただけると嬉しいです。',
  ),
  ham(
    'zh',
    '王 伟',
    '您好，我们是一家位于上海的教育机构，想开发一个在线课程预约的小程序。我们的网站是 https://eduwang.example.cn 。请问贵公司是否承接海外项目？谢谢！',
  ),
  ham(
    'ko',
    '김 민수',
    '안녕하세요. 서울에서 작은 온라인 쇼핑몰을 운영하고 있습니다. 재고 관리 앱 개발이 가능한지 궁금합니다. 저희 사이트는 https://minsu-shop.example.kr 입니다. 감사합니다.',
  ),
  ham(
    'ar',
    'ليلى حسن',
    'مرحباً، نحن شركة ناشئة في دبي ونبحث عن فريق لتطوير تطبيق توصيل. موقعنا هو https://talabi.example.ae. هل يمكنكم إرسال عرض سعر تقريبي؟ شكراً لكم.',
  ),
  ham(
    'hi',
    'अनीता शर्मा',
    'नमस्ते, हम पुणे में एक छोटा स्कूल चलाते हैं और अभिभावकों के लिए एक ऐप बनवाना चाहते हैं। हमारी वेबसाइट https://sunriseschool.example.in है। क्या आप इस तरह का काम करते हैं?',
  ),
  ham(
    'tr',
    'Mehmet Yılmaz',
    'Merhaba, İzmir de bir mobilya firmasıyız ve online katalog uygulaması yaptırmak istiyoruz. Sitemiz: https://yilmazmobilya.example.com.tr. Fiyat teklifi alabilir miyiz?',
  ),
  ham(
    'en',
    'Zoë Clarke 🌻',
    'Hi! 😊 I run a flower shop 🌷 and my nephew said you build apps. I want customers to order bouquets online 💐 — is that something you do? My shop: https://zoesflowers.example.co.uk. Thanks!! 🙏',
  ),
  ham(
    'en',
    'Robert Hughes',
    'URGENT: our app stopped accepting payments after the Stripe API change this morning. Customers are calling us. Can someone from your team look at it today? Our account is with you since 2024.',
  ),
  ham(
    'en',
    'Kwame Mensah',
    'Hello from Accra! We are a fintech startup (https://paylink.example.com.gh) and need help scaling our mobile money API. We heard good things about your work. Could we schedule a call next week?',
  ),
  ham(
    'en',
    'Elena Petrova',
    'Hi, I am writing on behalf of a university research group. We need a small web app to collect survey data from farmers, offline first. Budget comes from a grant. Our lab page: https://agrilab.example.edu/team',
  ),
  ham(
    'en',
    'Oscar Lindgren',
    'Hello, I saw that you use Three.js on your homepage. I am building a similar effect and wondered which library you use for the text outlines. Any pointer would be appreciated. Thanks and great site!',
  ),
  ham(
    'en',
    'Fatima Zahra',
    'Good morning, I am the owner of a small clothing brand (fatimazahra.example.ma). Our online store is slow and customers leave. Can you check it and tell us what could be improved and what it would cost?',
  ),
  ham(
    'en',
    'Peter Novak',
    'Hi, our company wants to move our old desktop inventory program to the web. It is written in Delphi and has about 40 screens. Is this something your studio could estimate? We are based in Prague.',
  ),
  ham(
    'en',
    'Hiroshi Tanaka',
    'Hello, I would like to know if your apps support Japanese. I use your notes app and the search does not find Japanese words. Is there a setting for this? Thank you for your help.',
  ),
  ham(
    'en',
    'Amara Obi',
    'Hello! I am a product manager and we are looking for an agency to build an MVP for a marketplace that connects tailors with customers in Lagos. Can you share your availability for Q1 and an idea of pricing?',
  ),
  ham(
    'en',
    'Lucas Bernard',
    'Thanks for the quick fix last month! We would now like to add a second language to the app (French). Could you send an estimate? The French texts are ready at https://docs.bernardco.example.com/fr-texts.',
  ),
  ham(
    'en',
    'Noah Williams',
    'Hi, I am a journalist at a tech blog and would like to review your new habit tracker. Could you send me a press kit and a promo code? My recent reviews are at https://techreviews.example.net/author/noah.',
  ),
  ham(
    'en',
    'Charlotte Evans',
    'Hello, we are a charity shop network and would like an app to track donated items across 12 stores. We saw your case study for the bakery. Would a similar approach work for us? https://charityshops.example.org.uk',
  ),
  ham(
    'en',
    'Ivan Horvat',
    'Hi, I want to report a security issue in your web app: the password reset link does not expire. I can share details privately. My profile: https://hackerone.example.com/ivanh. Please tell me where to send them.',
  ),
  ham(
    'en',
    'Yusuf Demir',
    'We are planning a mobile game for children that teaches reading, and we need developers who care about accessibility and no ads. Our pitch deck is at https://storyfox.example.com/deck. Would you like to talk?',
  ),
];
