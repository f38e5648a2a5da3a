#include "k8s/config/kubeconfigfile.h"

#include "k8s/config/configlogging.h"
#include "k8s/config/execpluginlocator.h"
#include "k8s/config/yamljson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <map>
#include <set>
#include <string>
#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

const char *const execExtensionName = "client.authentication.k8s.io/exec";

QString qs(const std::string &s) {
    return QString::fromStdString(s);
}

// The keys of a YAML mapping; the first occurrence of a duplicated key wins.
std::map<std::string, YAML::Node> fieldsOf(const YAML::Node &map) {
    std::map<std::string, YAML::Node> fields;
    for (const auto &pair : map) {
        if (pair.first.IsScalar())
            fields.emplace(pair.first.Scalar(), pair.second);
    }
    return fields;
}

bool isAbsent(const YAML::Node &node) {
    return !node.IsDefined() || node.IsNull();
}

QString describeType(const YAML::Node &node) {
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return QStringLiteral("a mapping");
    case YAML::NodeType::Sequence:
        return QStringLiteral("a list");
    case YAML::NodeType::Scalar:
        return QStringLiteral("a scalar");
    default:
        return QStringLiteral("nothing");
    }
}

// Reads typed fields of one YAML mapping and records what is wrong, never quoting values.
class FieldReader final {
public:
    FieldReader(const YAML::Node &map, QString file, QString entry, QString prefix,
                std::vector<ConfigError> &problems)
        : m_fields(fieldsOf(map))
        , m_file(std::move(file))
        , m_entry(std::move(entry))
        , m_prefix(std::move(prefix))
        , m_problems(problems) {}

    YAML::Node node(const char *key) const {
        const auto it = m_fields.find(key);
        return it == m_fields.end() ? YAML::Node() : it->second;
    }

    QString string(const char *key) { return qs(scalar(key)); }
    QByteArray bytes(const char *key) { return QByteArray::fromStdString(scalar(key)); }

    bool boolean(const char *key) {
        const YAML::Node n = node(key);
        if (isAbsent(n))
            return false;
        if (n.IsScalar()) {
            const std::string &s = n.Scalar();
            for (const char *yes :
                 {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON", "y", "Y"}) {
                if (s == yes)
                    return true;
            }
            for (const char *no :
                 {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF", "n", "N"}) {
                if (s == no)
                    return false;
            }
        }
        problem(key, QStringLiteral("expected true or false"));
        return false;
    }

    QStringList stringList(const char *key) {
        QStringList list;
        const YAML::Node n = node(key);
        if (isAbsent(n))
            return list;
        if (!n.IsSequence()) {
            problem(key, QStringLiteral("expected a list of strings, found ") + describeType(n));
            return list;
        }
        for (const YAML::Node &item : n) {
            if (!item.IsScalar()) {
                problem(key, QStringLiteral("expected a list of strings, found an item that is ") +
                                 describeType(item));
                return {};
            }
            list.append(qs(item.Scalar()));
        }
        return list;
    }

    /// The mapping at `key`, or a null node (absent / wrong type, the latter recorded): test the
    /// result with IsMap().
    YAML::Node map(const char *key) {
        const YAML::Node n = node(key);
        if (isAbsent(n))
            return YAML::Node();
        if (!n.IsMap()) {
            problem(key, QStringLiteral("expected a mapping, found ") + describeType(n));
            return YAML::Node();
        }
        return n;
    }

    /// The list at `key`, or a null node: test the result with IsSequence().
    YAML::Node list(const char *key) {
        const YAML::Node n = node(key);
        if (isAbsent(n))
            return YAML::Node();
        if (!n.IsSequence()) {
            problem(key, QStringLiteral("expected a list, found ") + describeType(n));
            return YAML::Node();
        }
        return n;
    }

    void problem(const QString &key, const QString &message) {
        m_problems.push_back(ConfigError{m_file, m_entry, m_prefix + key, message});
    }
    void problem(const char *key, const QString &message) {
        problem(QString::fromLatin1(key), message);
    }

    const QString &file() const { return m_file; }
    const QString &entry() const { return m_entry; }
    const QString &prefix() const { return m_prefix; }
    std::vector<ConfigError> &problems() { return m_problems; }

private:
    std::string scalar(const char *key) {
        const YAML::Node n = node(key);
        if (isAbsent(n))
            return {};
        if (!n.IsScalar()) {
            problem(key, QStringLiteral("expected a string, found ") + describeType(n));
            return {};
        }
        return n.Scalar();
    }

    std::map<std::string, YAML::Node> m_fields;
    QString m_file;
    QString m_entry;
    QString m_prefix;
    std::vector<ConfigError> &m_problems;
};

} // namespace

class KubeconfigFile::Parser final {
public:
    explicit Parser(KubeconfigFile &file)
        : m_file(file)
        , m_baseDir(QFileInfo(file.m_path).absolutePath()) {}

    void parse(const YAML::Node &root) {
        FieldReader top(root, m_file.m_path, QString(), QString(), m_file.m_problems);
        m_file.m_currentContext = top.string("current-context");
        parseList(top, "clusters", "cluster", [this](const QString &name, const YAML::Node &body) {
            parseCluster(name, body);
        });
        parseList(top, "users", "user",
                  [this](const QString &name, const YAML::Node &body) { parseUser(name, body); });
        parseList(top, "contexts", "context", [this](const QString &name, const YAML::Node &body) {
            parseContext(name, body);
        });
    }

private:
    // Resolves a path from the file against the file's folder (kubectl's ResolvePath).
    QString resolvePath(const QString &path) const {
        if (path.isEmpty() || QDir::isAbsolutePath(path))
            return path;
        return QDir::cleanPath(QDir(m_baseDir).filePath(path));
    }

    // Walks `clusters:` / `users:` / `contexts:`: a list of {name, <bodyKey>: {...}}.
    template <class Handler>
    void parseList(FieldReader &top, const char *listKey, const char *bodyKey,
                   const Handler &handler) {
        const YAML::Node list = top.list(listKey);
        if (!list.IsSequence())
            return;
        std::set<QString> seen;
        int index = 0;
        for (const YAML::Node &item : list) {
            const QString label = QString::fromLatin1(listKey) + QLatin1Char('[') +
                                  QString::number(index++) + QLatin1Char(']');
            if (!item.IsMap()) {
                m_file.m_problems.push_back(
                    ConfigError{m_file.m_path, label, QString(),
                                QStringLiteral("expected a mapping with name and ") +
                                    QString::fromLatin1(bodyKey) + QStringLiteral(", found ") +
                                    describeType(item)});
                continue;
            }
            std::vector<ConfigError> itemProblems;
            FieldReader reader(item, m_file.m_path, label, QString(), itemProblems);
            const QString name = reader.string("name");
            if (name.isEmpty()) {
                m_file.m_problems.push_back(ConfigError{m_file.m_path, label,
                                                        QStringLiteral("name"),
                                                        QStringLiteral("the entry has no name")});
                continue;
            }
            if (!seen.insert(name).second) {
                // kubectl refuses the whole file here; we keep the first entry and say so.
                m_file.m_problems.push_back(
                    ConfigError{m_file.m_path, label, QStringLiteral("name"),
                                QStringLiteral("duplicate name \"") + name +
                                    QStringLiteral("\" in ") + QString::fromLatin1(listKey) +
                                    QStringLiteral("; the first entry with this name is used")});
                continue;
            }
            handler(name, reader.node(bodyKey));
        }
    }

    void parseCluster(const QString &name, const YAML::Node &body) {
        ClusterConfig c;
        c.name = name;
        c.originFile = m_file.m_path;
        const QString entry = ConfigError::clusterEntry(name);
        if (!isAbsent(body) && !body.IsMap()) {
            c.problems.push_back(
                ConfigError{c.originFile, entry, QStringLiteral("cluster"),
                            QStringLiteral("expected a mapping, found ") + describeType(body)});
        } else if (body.IsMap()) {
            FieldReader r(body, c.originFile, entry, QString(), c.problems);
            c.server = r.string("server");
            c.certificateAuthority = resolvePath(r.string("certificate-authority"));
            c.certificateAuthorityData = r.bytes("certificate-authority-data");
            c.insecureSkipTlsVerify = r.boolean("insecure-skip-tls-verify");
            c.tlsServerName = r.string("tls-server-name");
            c.proxyUrl = r.string("proxy-url");
            c.disableCompression = r.boolean("disable-compression");
            parseClusterExtensions(r, c);
        }
        m_file.m_clusters.push_back(std::move(c));
    }

    void parseClusterExtensions(FieldReader &r, ClusterConfig &c) {
        const YAML::Node extensions = r.list("extensions");
        if (!extensions.IsSequence())
            return;
        for (const YAML::Node &ext : extensions) {
            if (!ext.IsMap())
                continue;
            const std::map<std::string, YAML::Node> fields = fieldsOf(ext);
            const auto nameIt = fields.find("name");
            if (nameIt == fields.end() || !nameIt->second.IsScalar() ||
                nameIt->second.Scalar() != execExtensionName)
                continue;
            const auto valueIt = fields.find("extension");
            QString why;
            const std::optional<QByteArray> json =
                YamlJson::toJson(valueIt == fields.end() ? YAML::Node() : valueIt->second, &why);
            if (json)
                c.execExtensionJson = *json;
            else
                r.problem(QStringLiteral("extensions[client.authentication.k8s.io/exec]"), why);
            return;
        }
    }

    void parseUser(const QString &name, const YAML::Node &body) {
        UserConfig u;
        u.name = name;
        u.originFile = m_file.m_path;
        const QString entry = ConfigError::userEntry(name);
        if (!isAbsent(body) && !body.IsMap()) {
            u.problems.push_back(
                ConfigError{u.originFile, entry, QStringLiteral("user"),
                            QStringLiteral("expected a mapping, found ") + describeType(body)});
        } else if (body.IsMap()) {
            FieldReader r(body, u.originFile, entry, QString(), u.problems);
            u.clientCertificate = resolvePath(r.string("client-certificate"));
            u.clientCertificateData = r.bytes("client-certificate-data");
            u.clientKey = resolvePath(r.string("client-key"));
            u.clientKeyData = r.bytes("client-key-data");
            u.token = r.bytes("token");
            u.tokenFile = resolvePath(r.string("tokenFile"));
            u.username = r.string("username");
            u.password = r.bytes("password");
            u.impersonate = r.string("as");
            u.impersonateUid = r.string("as-uid");
            u.impersonateGroups = r.stringList("as-groups");
            parseUserExtra(r, u);
            parseAuthProvider(r, u);
            parseExec(r, u);
        }
        m_file.m_users.push_back(std::move(u));
    }

    void parseUserExtra(FieldReader &r, UserConfig &u) {
        const YAML::Node extra = r.map("as-user-extra");
        if (!extra.IsMap())
            return;
        for (const auto &pair : extra) {
            if (!pair.first.IsScalar())
                continue;
            const std::string key = pair.first.Scalar();
            FieldReader one(extra, r.file(), r.entry(), QStringLiteral("as-user-extra."),
                            r.problems());
            u.impersonateUserExtra[qs(key)] = one.stringList(key.c_str());
        }
    }

    void parseAuthProvider(FieldReader &r, UserConfig &u) {
        const YAML::Node provider = r.map("auth-provider");
        if (!provider.IsMap())
            return;
        FieldReader p(provider, r.file(), r.entry(), QStringLiteral("auth-provider."),
                      r.problems());
        AuthProviderConfig config;
        config.name = p.string("name");
        const YAML::Node values = p.map("config");
        if (values.IsMap()) {
            FieldReader v(values, r.file(), r.entry(), QStringLiteral("auth-provider.config."),
                          r.problems());
            for (const auto &pair : values) {
                if (pair.first.IsScalar())
                    config.config[qs(pair.first.Scalar())] = v.string(pair.first.Scalar().c_str());
            }
        }
        u.authProvider = std::move(config);
    }

    void parseExec(FieldReader &r, UserConfig &u) {
        const YAML::Node exec = r.map("exec");
        if (!exec.IsMap())
            return;
        FieldReader e(exec, r.file(), r.entry(), QStringLiteral("exec."), r.problems());
        ExecConfig config;
        config.apiVersion = e.string("apiVersion");
        config.command = e.string("command");
        if (ExecPluginLocator::hasPathSeparator(config.command))
            config.command = resolvePath(config.command);
        config.args = e.stringList("args");
        config.installHint = e.string("installHint");
        config.provideClusterInfo = e.boolean("provideClusterInfo");
        config.interactiveMode = e.string("interactiveMode");
        const YAML::Node env = e.list("env");
        if (env.IsSequence()) {
            int index = 0;
            for (const YAML::Node &item : env) {
                const QString prefix =
                    QStringLiteral("exec.env[") + QString::number(index++) + QStringLiteral("].");
                if (!item.IsMap()) {
                    r.problem(prefix.chopped(1),
                              QStringLiteral("expected a mapping with name and value"));
                    continue;
                }
                FieldReader var(item, r.file(), r.entry(), prefix, r.problems());
                config.env.emplace_back(var.string("name"), var.string("value"));
            }
        }
        u.exec = std::move(config);
    }

    void parseContext(const QString &name, const YAML::Node &body) {
        ContextConfig c;
        c.name = name;
        c.originFile = m_file.m_path;
        const QString entry = ConfigError::contextEntry(name);
        if (!isAbsent(body) && !body.IsMap()) {
            c.problems.push_back(
                ConfigError{c.originFile, entry, QStringLiteral("context"),
                            QStringLiteral("expected a mapping, found ") + describeType(body)});
        } else if (body.IsMap()) {
            FieldReader r(body, c.originFile, entry, QString(), c.problems);
            c.cluster = r.string("cluster");
            c.user = r.string("user");
            c.namespaceName = r.string("namespace");
        }
        m_file.m_contexts.push_back(std::move(c));
    }

    KubeconfigFile &m_file;
    QString m_baseDir;
};

Result<KubeconfigFile, ConfigError> KubeconfigFile::load(const QString &path) {
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QFileInfo info(absolute);
    if (!info.exists())
        return ConfigError{absolute, QString(), QString(), QStringLiteral("file does not exist")};
    if (info.isDir())
        return ConfigError{absolute, QString(), QString(),
                           QStringLiteral("is a folder, not a kubeconfig file")};
    QFile file(absolute);
    if (!file.open(QIODevice::ReadOnly))
        return ConfigError{absolute, QString(), QString(),
                           QStringLiteral("cannot read the file: ") + file.errorString()};
    const QByteArray data = file.read(maxFileSize + 1);
    if (data.size() > maxFileSize)
        return ConfigError{absolute, QString(), QString(),
                           QStringLiteral("the file is larger than %1 bytes").arg(maxFileSize)};
    if (file.error() != QFileDevice::NoError)
        return ConfigError{absolute, QString(), QString(),
                           QStringLiteral("cannot read the file: ") + file.errorString()};
    return parse(data, absolute);
}

Result<KubeconfigFile, ConfigError> KubeconfigFile::parse(const QByteArray &yaml,
                                                          const QString &path) {
    KubeconfigFile result;
    result.m_path =
        path.isEmpty() ? QString() : QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        if (isAbsent(root)) {
            qCDebug(lcK8sConfig) << "kubeconfig" << result.m_path << "is empty";
            return result;
        }
        if (!root.IsMap())
            return ConfigError{result.m_path, QString(), QString(),
                               QStringLiteral("not a kubeconfig: the top level is ") +
                                   describeType(root) + QStringLiteral(", not a mapping")};
        Parser(result).parse(root);
    } catch (const YAML::Exception &e) {
        // The message of yaml-cpp describes the syntax problem, never the text around it.
        QString message = QStringLiteral("invalid YAML");
        if (!e.mark.is_null())
            message += QStringLiteral(" at line %1, column %2")
                           .arg(e.mark.line + 1)
                           .arg(e.mark.column + 1);
        message += QStringLiteral(": ") + QString::fromStdString(e.msg);
        return ConfigError{result.m_path, QString(), QString(), message};
    }
    qCDebug(lcK8sConfig) << "parsed kubeconfig" << result.m_path << "with"
                         << result.m_contexts.size() << "contexts," << result.m_clusters.size()
                         << "clusters," << result.m_users.size() << "users";
    return result;
}

} // namespace cubedesk::k8s
